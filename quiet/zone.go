package quiet

import (
	"errors"
	"sync"
	"time"
	// The zone database goes into every binary that reads players' zones
	// (some 450 kB): a player's zone must not depend on what the machine
	// or its container image happens to have installed.
	_ "time/tzdata"
)

// zones keeps each time zone loaded once: loading one reads the zone
// database, and a player's settings are read for every DM. It holds only
// names that loaded, of which there are a few hundred.
var zones sync.Map // name -> *time.Location

// ErrZone is a time zone name the zone database does not know.
var ErrZone = errors.New("unknown time zone")

// Zone is the IANA time zone named name ("Europe/Berlin"). "" and "Local"
// are refused: a player's zone is theirs, not the machine's.
func Zone(name string) (*time.Location, error) {
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), nil
	}
	if name == "" || name == "Local" {
		return nil, ErrZone
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		return nil, ErrZone
	}
	zones.Store(name, l)
	return l, nil
}

// NextAt is the first moment after t when the clock in zone shows minute
// (minutes after midnight): a daily time, such as a digest's. Where a clock
// change skips that minute, it is the moment time.Date places there.
func NextAt(t time.Time, minute int, zone *time.Location) time.Time {
	local := t.In(zone)
	y, m, d := local.Date()
	for day := d; ; day++ {
		at := time.Date(y, m, day, minute/60, minute%60, 0, 0, zone)
		if at.After(t) {
			return at
		}
	}
}

// NextAtAfter is NextAt on a day, in zone, other than last's: a daily event
// that already happened on last's day (a digest, before its hour or zone
// was changed) waits for the next. A zero last is none.
func NextAtAfter(t time.Time, minute int, zone *time.Location, last time.Time) time.Time {
	at := NextAt(t, minute, zone)
	if last.IsZero() {
		return at
	}
	ly, lm, ld := last.In(zone).Date()
	for {
		if y, m, d := at.In(zone).Date(); y != ly || m != lm || d != ld {
			return at
		}
		at = NextAt(at, minute, zone)
	}
}
