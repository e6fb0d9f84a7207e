package quiet

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones, whatever the machine has
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestParse(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"23:00-08:00": "23:00-08:00", "23-8": "23:00-08:00", " 9:30 - 17:05 ": "09:30-17:05", "00:00-06:00": "00:00-06:00",
	}
	for in, want := range good {
		q, err := Parse(in, time.UTC)
		if err != nil || q.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, q, err, want)
		}
	}
	for _, in := range []string{"", "23:00", "8-8", "24:00-08:00", "23:60-08:00", "23:5-08:00", "a-b", "23:00-08:00-09:00", "-1-8", "123-8"} {
		if q, err := Parse(in, time.UTC); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, q)
		}
	}
}

// Around, at the edges of a stretch across midnight, of one within a day,
// and in zones ahead of and behind UTC.
func TestAround(t *testing.T) {
	t.Parallel()
	berlin, tokyo, la := zone(t, "Europe/Berlin"), zone(t, "Asia/Tokyo"), zone(t, "America/Los_Angeles")
	night := func(z *time.Location) Hours { q, _ := Parse("23:00-08:00", z); return q }
	day, _ := Parse("13:00-15:30", berlin)
	cases := []struct {
		q      Hours
		at     string
		inside bool
		end    string
	}{
		{night(berlin), "2026-01-10T21:59:59Z", false, ""},                    // 22:59:59 CET
		{night(berlin), "2026-01-10T22:00:00Z", true, "2026-01-11T07:00:00Z"}, // 23:00 CET
		{night(berlin), "2026-01-11T03:00:00Z", true, "2026-01-11T07:00:00Z"}, // after midnight
		{night(berlin), "2026-01-11T07:00:00Z", false, ""},                    // 08:00: over
		{night(tokyo), "2026-01-10T14:30:00Z", true, "2026-01-10T23:00:00Z"},  // 23:30 JST
		{night(la), "2026-01-11T07:30:00Z", true, "2026-01-11T16:00:00Z"},     // 23:30 PST
		{night(la), "2026-01-11T06:30:00Z", false, ""},                        // 22:30 PST
		{day, "2026-01-10T12:00:00Z", true, "2026-01-10T14:30:00Z"},
		{day, "2026-01-10T14:30:00Z", false, ""},
		{day, "2026-01-10T20:00:00Z", false, ""},
		{Hours{}, "2026-01-10T12:00:00Z", false, ""},
	}
	for _, c := range cases {
		inside, end := c.q.Around(utc(c.at))
		if inside != c.inside || (c.inside && !end.Equal(utc(c.end))) {
			t.Errorf("%v Around(%s) = %v, %s; want %v, %s", c.q, c.at, inside, end.UTC().Format(time.RFC3339), c.inside, c.end)
		}
	}
}

// The nights the clocks change: in Berlin 23:00-08:00 lasts 8 hours on
// 2026-03-29 and 10 hours on 2026-10-25, wall clock to wall clock. A stretch
// taken as a fixed 9 hours from its start ends an hour off on both.
func TestAroundDaylightSaving(t *testing.T) {
	t.Parallel()
	q, _ := Parse("23:00-08:00", zone(t, "Europe/Berlin"))
	cases := []struct{ at, end string }{
		{"2026-03-28T22:30:00Z", "2026-03-29T06:00:00Z"}, // 23:30 CET; ends 08:00 CEST
		{"2026-03-29T05:30:00Z", "2026-03-29T06:00:00Z"}, // 07:30 CEST
		{"2026-10-24T21:30:00Z", "2026-10-25T07:00:00Z"}, // 23:30 CEST; ends 08:00 CET
		{"2026-10-25T06:30:00Z", "2026-10-25T07:00:00Z"}, // 07:30 CET
	}
	for _, c := range cases {
		inside, end := q.Around(utc(c.at))
		if !inside || !end.Equal(utc(c.end)) {
			t.Errorf("Around(%s) = %v, %s; want the stretch ending %s", c.at, inside, end.UTC().Format(time.RFC3339), c.end)
		}
	}
	// 06:30Z on 2026-03-29 is 08:30 CEST: over, though 9 hours from 22:00Z
	// would still hold it.
	if inside, _ := q.Around(utc("2026-03-29T06:30:00Z")); inside {
		t.Error("08:30 CEST on the spring night counted as quiet")
	}
	// 21:30Z on 2026-10-24 is 23:30 CEST: inside, though a stretch taken
	// from the CET offset would start at 22:00Z.
	if inside, _ := q.Around(utc("2026-10-24T21:15:00Z")); !inside {
		t.Error("23:15 CEST on the autumn night not counted as quiet")
	}
}

// Remind: a reminder outside quiet hours stays; inside them it waits for
// their end when the deadline is later, and goes out Lead before they begin
// when the deadline falls inside them, or at once when that has passed.
func TestRemind(t *testing.T) {
	t.Parallel()
	q, _ := Parse("23:00-08:00", zone(t, "Europe/Berlin"))
	cases := []struct{ name, at, deadline, now, want string }{
		{"outside", "2026-01-10T20:00:00Z", "2026-01-11T20:00:00Z", "2026-01-10T10:00:00Z", "2026-01-10T20:00:00Z"},
		{"deadline after the end", "2026-01-11T01:00:00Z", "2026-01-11T12:00:00Z", "2026-01-10T10:00:00Z", "2026-01-11T07:00:00Z"},
		{"deadline inside", "2026-01-11T01:00:00Z", "2026-01-11T05:00:00Z", "2026-01-10T10:00:00Z", "2026-01-10T21:45:00Z"},
		{"deadline at the end", "2026-01-11T01:00:00Z", "2026-01-11T07:00:00Z", "2026-01-10T10:00:00Z", "2026-01-10T21:45:00Z"},
		{"deadline soon after the end", "2026-01-11T01:00:00Z", "2026-01-11T07:30:00Z", "2026-01-10T10:00:00Z", "2026-01-10T21:45:00Z"},
		{"deadline an hour after the end", "2026-01-11T01:00:00Z", "2026-01-11T08:00:00Z", "2026-01-10T10:00:00Z", "2026-01-11T07:00:00Z"},
		{"begun already", "2026-01-11T01:00:00Z", "2026-01-11T05:00:00Z", "2026-01-10T22:30:00Z", "2026-01-10T22:30:00Z"},
		{"spring night", "2026-03-29T04:00:00Z", "2026-03-29T09:00:00Z", "2026-03-28T10:00:00Z", "2026-03-29T06:00:00Z"},
		{"autumn night", "2026-10-25T06:30:00Z", "2026-10-25T12:00:00Z", "2026-10-24T10:00:00Z", "2026-10-25T07:00:00Z"},
	}
	for _, c := range cases {
		got := q.Remind(utc(c.at), utc(c.deadline), utc(c.now))
		if !got.Equal(utc(c.want)) {
			t.Errorf("%s: Remind = %s, want %s", c.name, got.UTC().Format(time.RFC3339), c.want)
		}
		if d := utc(c.deadline); !got.Before(d) {
			t.Errorf("%s: the reminder at %s comes after its deadline %s", c.name, got, d)
		}
	}
}

// Quiet hours whose edges fall in the hour a clock change skips or repeats
// begin and end when the clock first reads that time or later: from 02:30 on
// Berlin's spring night is from 03:00 CEST (01:00Z), on its autumn night from
// the first 02:30 (00:30Z, still summer time); until 02:30 likewise; and so
// in zones west of UTC, where time.Date places a skipped time otherwise.
func TestEdgesInTheChangedHour(t *testing.T) {
	t.Parallel()
	berlin := zone(t, "Europe/Berlin")
	from, _ := Parse("02:30-06:00", berlin)
	until, _ := Parse("23:00-02:30", berlin)
	nyFrom, _ := Parse("02:30-06:00", zone(t, "America/New_York"))
	clFrom, _ := Parse("00:00-08:00", zone(t, "America/Santiago"))
	clUntil, _ := Parse("22:00-00:00", zone(t, "America/Santiago"))
	cases := []struct {
		q              Hours
		at, start, end string
		inside         bool
	}{
		{from, "2026-03-29T00:50:00Z", "2026-03-29T01:00:00Z", "2026-03-29T04:00:00Z", false}, // 01:50 CET
		{from, "2026-03-29T01:15:00Z", "2026-03-29T01:00:00Z", "2026-03-29T04:00:00Z", true},  // 03:15 CEST
		{from, "2026-10-25T00:20:00Z", "2026-10-25T00:30:00Z", "2026-10-25T05:00:00Z", false}, // 02:20 CEST
		{from, "2026-10-25T00:45:00Z", "2026-10-25T00:30:00Z", "2026-10-25T05:00:00Z", true},  // 02:45 CEST
		{from, "2026-10-25T01:15:00Z", "2026-10-25T00:30:00Z", "2026-10-25T05:00:00Z", true},  // 02:15 CET, again
		{until, "2026-03-28T23:30:00Z", "2026-03-28T22:00:00Z", "2026-03-29T01:00:00Z", true}, // 00:30 CET
		{until, "2026-10-24T23:30:00Z", "2026-10-24T21:00:00Z", "2026-10-25T00:30:00Z", true}, // 01:30 CEST
		// West of UTC, time.Date places a skipped time before the jump.
		// New York springs from 02:00 EST to 03:00 EDT at 07:00Z.
		{nyFrom, "2026-03-08T06:30:00Z", "2026-03-08T07:00:00Z", "2026-03-08T10:00:00Z", false}, // 01:30 EST
		{nyFrom, "2026-03-08T07:15:00Z", "2026-03-08T07:00:00Z", "2026-03-08T10:00:00Z", true},  // 03:15 EDT
		// Santiago springs from 00:00 (-04) to 01:00 (-03) at 04:00Z.
		{clFrom, "2026-09-05T16:00:00Z", "2026-09-06T04:00:00Z", "2026-09-06T11:00:00Z", false}, // 12:00 the day before
		{clUntil, "2026-09-06T03:00:00Z", "2026-09-06T02:00:00Z", "2026-09-06T04:00:00Z", true}, // 23:00 (-04)
	}
	for _, c := range cases {
		inside, _ := c.q.Around(utc(c.at))
		start, end := c.q.Next(utc(c.at))
		if inside != c.inside || !start.Equal(utc(c.start)) || !end.Equal(utc(c.end)) {
			t.Errorf("%v at %s: inside %v, %s to %s; want %v, %s to %s", c.q, c.at, inside,
				start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339), c.inside, c.start, c.end)
		}
	}
}
