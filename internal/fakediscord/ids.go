package fakediscord

import (
	"sort"
	"strconv"
	"sync"
	"time"
)

// discordEpoch is the first millisecond of 2015, the zero of Discord snowflakes.
const discordEpoch = 1420070400000

// snowflakes hands out ids shaped like Discord's (timestamp, worker, process,
// increment) so that ids sort by creation time, as code reading them may
// assume, and decode to a plausible creation date.
type snowflakes struct {
	mu   sync.Mutex
	last int64
	inc  int64
}

func (g *snowflakes) next() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	ms := time.Now().UnixMilli() - discordEpoch
	if ms <= g.last {
		// Many ids in one millisecond: keep them increasing by borrowing
		// from the increment, as Discord's workers do.
		g.inc++
		if g.inc >= 1<<12 {
			g.last++
			g.inc = 0
		}
		ms = g.last
	} else {
		g.last, g.inc = ms, 0
	}
	const worker, process = 1, 0
	id := ms<<22 | worker<<17 | process<<12 | g.inc
	return strconv.FormatInt(id, 10)
}

// snowflakeTime is the creation time encoded in a snowflake id.
func snowflakeTime(id string) time.Time {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(n>>22 + discordEpoch).UTC()
}

// idLess orders snowflakes numerically: by length first, as they carry no
// leading zeros, then by digits.
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func sortChannels(cs []Channel) {
	sort.Slice(cs, func(i, j int) bool { return idLess(cs[i].ID, cs[j].ID) })
}
