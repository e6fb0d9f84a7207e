package settings

import (
	_ "embed"
	"strings"

	"kilab/bot/kit"
)

// Settings is /settings, /mute and /unmute, on the bot's shared Core.
type Settings struct{ *kit.Core }

// New is the settings of the bot whose Core is core.
func New(core *kit.Core) *Settings { return &Settings{core} }

// zoneList is the IANA time zones offered as a player types: UTC, then
// every Area/City of Go's zone database (generated from
// $GOROOT/lib/time/zoneinfo.zip; TestZonesLoad checks each loads). Any
// name the database knows is taken, listed or not.
//
//go:embed zones.txt
var zoneList string

var zones = strings.Fields(zoneList)
