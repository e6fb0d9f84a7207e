package quiet

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Hours is a player's quiet hours: every day from From to To (minutes after
// midnight, To before From for a stretch across midnight) in Zone. The zero
// Hours is none.
type Hours struct {
	Zone     *time.Location
	From, To int
}

// ErrFormat is a quiet-hours text that is not "HH:MM-HH:MM".
var ErrFormat = errors.New("quiet hours are written HH:MM-HH:MM")

// Parse reads "23:00-08:00" (or "23-8") as quiet hours in zone. From and To
// may not be equal: a stretch of no time or of a whole day is no choice.
func Parse(s string, zone *time.Location) (Hours, error) {
	from, to, ok := strings.Cut(strings.ReplaceAll(s, " ", ""), "-")
	if !ok {
		return Hours{}, ErrFormat
	}
	f, err1 := clock(from)
	t, err2 := clock(to)
	if err1 != nil || err2 != nil || f == t {
		return Hours{}, ErrFormat
	}
	return Hours{Zone: zone, From: f, To: t}, nil
}

// clock reads "8", "08", "8:30" or "08:30" as minutes after midnight.
func clock(s string) (int, error) {
	h, m, hasMinutes := strings.Cut(s, ":")
	hour, err := strconv.Atoi(h)
	if err != nil || len(h) > 2 || hour < 0 || hour > 23 {
		return 0, ErrFormat
	}
	minute := 0
	if hasMinutes {
		minute, err = strconv.Atoi(m)
		if err != nil || len(m) != 2 || minute < 0 || minute > 59 {
			return 0, ErrFormat
		}
	}
	return hour*60 + minute, nil
}

// Set reports whether these are quiet hours at all.
func (q Hours) Set() bool { return q.Zone != nil && q.From != q.To }

// String is the hours as a player writes them: "23:00-08:00".
func (q Hours) String() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d", q.From/60, q.From%60, q.To/60, q.To%60)
}

// Around reports whether t falls inside a stretch of quiet hours, and if so
// when that stretch ends.
func (q Hours) Around(t time.Time) (inside bool, end time.Time) {
	if !q.Set() {
		return false, time.Time{}
	}
	if start, end := q.Next(t); !t.Before(start) {
		return true, end
	}
	return false, time.Time{}
}

// Next is the start and end of the first stretch that ends after t: the one
// holding t, or the next. Stretches never overlap (each is under a day long),
// so the first found is the one.
func (q Hours) Next(t time.Time) (start, end time.Time) {
	for _, day := range []int{-1, 0, 1} {
		if start, end = q.stretch(t, day); end.After(t) {
			return start, end
		}
	}
	return start, end // not reached: tomorrow's stretch ends after t
}

// stretch is the stretch that begins on the zone's calendar day of t moved
// by days: from the first moment the clock there shows From to the first it
// shows To (wallClock), so that it is as long as the wall clocks say, not a
// fixed number of hours.
func (q Hours) stretch(t time.Time, days int) (start, end time.Time) {
	local := t.In(q.Zone)
	y, m, d := local.Date()
	start = wallClock(y, m, d+days, q.From, q.Zone)
	endDay := d + days
	if q.To < q.From {
		endDay++
	}
	return start, wallClock(y, m, endDay, q.To, q.Zone)
}

// wallClock is the first moment of the given day when the clock in zone
// shows minute (minutes after midnight) or, where a clock change skips it,
// a later time; where a change repeats it, its first showing. So quiet
// hours from 02:30 begin when the clock first reads 02:30 or later: 03:00
// on Berlin's spring night, the first 02:30 on its autumn night. time.Date
// promises neither: a skipped time may land on either side of the jump (in
// Berlin after it, in New York before), a repeated one at either showing.
func wallClock(y int, m time.Month, d, minute int, zone *time.Location) time.Time {
	t := time.Date(y, m, d, minute/60, minute%60, 0, 0, zone)
	local := t.In(zone)
	asked := time.Date(y, m, d, minute/60, minute%60, 0, 0, time.UTC)
	read := time.Date(local.Year(), local.Month(), local.Day(), local.Hour(), local.Minute(), 0, 0, time.UTC)
	if !read.Equal(asked) {
		// Skipped: the jump itself, the end of the period t fell in if
		// its clock reads earlier than asked, else the start of t's.
		start, end := t.ZoneBounds()
		if read.Before(asked) {
			return end
		}
		return start
	}
	start, _ := t.ZoneBounds()
	if start.IsZero() {
		return t
	}
	_, before := start.Add(-time.Nanosecond).Zone()
	_, now := t.Zone()
	if earlier := t.Add(time.Duration(now-before) * time.Second); before > now && earlier.Before(start) {
		return earlier // repeated: its first showing, before the clocks went back
	}
	return t
}

// Lead is how long before quiet hours begin a reminder goes out when the
// deadline it warns of falls inside them.
const Lead = 15 * time.Minute

// Margin is the least time a reminder sent as quiet hours end leaves before
// its deadline; a deadline nearer their end than that counts as inside
// them, and its reminder goes out before they begin.
const Margin = time.Hour

// Remind is when to send the reminder planned for at, of a deadline, given
// the player's quiet hours, now being the earliest it can go: at itself
// outside quiet hours; inside them, when they end if the deadline comes at
// least Margin later, or else Lead before they begin (now, if that has
// passed), so that the player hears of a deadline that will pass while
// they sleep before they go to sleep.
func (q Hours) Remind(at, deadline, now time.Time) time.Time {
	inside, end := q.Around(at)
	if !inside {
		return at
	}
	if !deadline.Before(end.Add(Margin)) {
		return end
	}
	start, _ := q.Next(at)
	if early := start.Add(-Lead); early.After(now) {
		return early
	}
	return now
}
