package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"kilab/games"
	"kilab/quiet"
)

// The epoch's game has 3 days a move: its reminder falls at 2026-03-03
// 21:36 UTC, 22:36 in Berlin.
func TestRemindersKeepOutOfQuietHours(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	want := epoch.Add(time.Duration(float64(3*day) * ReminderAt))
	if !g.RemindAt.Equal(want) {
		t.Fatalf("no quiet hours: reminder at %v, want %v", g.RemindAt, want)
	}
	if err := db.SetTimeZone(ctx, "ana", "Europe/Berlin"); err != nil {
		t.Fatal(err)
	}
	// 22:00-08:00 Berlin holds the reminder; the deadline (12:00 UTC) comes
	// after: the reminder waits for 08:00 (07:00 UTC).
	if err := db.SetQuiet(ctx, "ana", 22*60, 8*60); err != nil {
		t.Fatal(err)
	}
	g, _ = db.Game(ctx, g.ID)
	if want := time.Date(2026, 3, 4, 7, 0, 0, 0, time.UTC); !g.RemindAt.Equal(want) {
		t.Errorf("quiet 22-08: reminder at %v, want their end %v", g.RemindAt, want)
	}
	// 22:00-14:00 holds the deadline too: the reminder goes out 15 minutes
	// before they begin (20:45 UTC the day before).
	if err := db.SetQuiet(ctx, "ana", 22*60, 14*60); err != nil {
		t.Fatal(err)
	}
	g, _ = db.Game(ctx, g.ID)
	if want := time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC).Add(-quiet.Lead); !g.RemindAt.Equal(want) {
		t.Errorf("quiet 22-14: reminder at %v, want before they begin %v", g.RemindAt, want)
	}
	// A turn handed to bo, without quiet hours, is reminded as usual; and
	// back to ana, around hers.
	g = move(t, db, g, games.First, "pass")
	if want := epoch.Add(time.Duration(float64(3*day) * ReminderAt)); g.ToMove != games.Second || !g.RemindAt.Equal(want) {
		t.Errorf("bo's turn: reminder at %v, want %v", g.RemindAt, want)
	}
	g = move(t, db, g, games.Second, "pass")
	if want := time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC).Add(-quiet.Lead); !g.RemindAt.Equal(want) {
		t.Errorf("ana's turn again: reminder at %v, want %v", g.RemindAt, want)
	}
	// Turned off, the reminder comes back to its usual time.
	if err := db.SetQuiet(ctx, "ana", 0, 0); err != nil {
		t.Fatal(err)
	}
	if g, _ = db.Game(ctx, g.ID); !g.RemindAt.Equal(want) {
		t.Errorf("quiet hours off: reminder at %v, want %v", g.RemindAt, want)
	}
	// 21:00-23:00 in Berlin holds the reminder (21:36 UTC) until 22:00 UTC;
	// the same hours in UTC, after a change of zone, until 23:00.
	db.SetQuiet(ctx, "ana", 21*60, 23*60)
	if g, _ = db.Game(ctx, g.ID); !g.RemindAt.Equal(time.Date(2026, 3, 3, 22, 0, 0, 0, time.UTC)) {
		t.Errorf("quiet 21-23 in Berlin: reminder at %v", g.RemindAt)
	}
	if err := db.SetTimeZone(ctx, "ana", "UTC"); err != nil {
		t.Fatal(err)
	}
	if g, _ = db.Game(ctx, g.ID); !g.RemindAt.Equal(time.Date(2026, 3, 3, 23, 0, 0, 0, time.UTC)) {
		t.Errorf("the same hours in UTC: reminder at %v, want it planned again", g.RemindAt)
	}
}

func TestChoicesAreKept(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	if err := db.SetTimeZone(ctx, "ana", "Nowhere/Atlantis"); !errors.Is(err, quiet.ErrZone) {
		t.Errorf("an unknown zone: %v", err)
	}
	for _, err := range []error{db.SetLanguage(ctx, "ana", "de"), db.SetTimeZone(ctx, "ana", "Asia/Tokyo"),
		db.SetQuiet(ctx, "ana", 23*60, 7*60), db.SetDigest(ctx, "ana", true, 8*60)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := db.Settings(ctx, "ana")
	if err != nil || s.Language != "de" || s.Speaks() != "de" || s.TimeZone != "Asia/Tokyo" || s.Quiet.String() != "23:00-07:00" ||
		s.Quiet.Zone.String() != "Asia/Tokyo" || !s.Digest || s.DigestAt != 8*60 || !s.DMs {
		t.Fatalf("settings: %+v, %v", s, err)
	}
	db.SetLanguage(ctx, "ana", "")
	db.SetUserLocale(ctx, "ana", "fr")
	if s, _ = db.Settings(ctx, "ana"); s.Speaks() != "fr" {
		t.Errorf("language auto: speaks %q, want the client's fr", s.Speaks())
	}
	db.SetDigest(ctx, "ana", false, 0)
	if s, _ = db.Settings(ctx, "ana"); s.Digest {
		t.Error("digest still on after turning it off")
	}

	g := newGame(t, db)
	if dms, rem, err := db.Muted(ctx, "ana", g.ID); dms || rem || err != nil {
		t.Fatalf("muted before muting: %v %v %v", dms, rem, err)
	}
	db.Mute(ctx, "ana", g.ID, false)
	if dms, rem, _ := db.Muted(ctx, "ana", g.ID); !dms || rem {
		t.Errorf("muted without reminders: %v %v", dms, rem)
	}
	db.Mute(ctx, "ana", g.ID, true)
	if dms, rem, _ := db.Muted(ctx, "ana", g.ID); !dms || !rem {
		t.Errorf("muted with reminders: %v %v", dms, rem)
	}
	if dms, _, _ := db.Muted(ctx, "bo", g.ID); dms {
		t.Error("ana's mute silenced bo")
	}
	db.Unmute(ctx, "ana", g.ID)
	if dms, _, _ := db.Muted(ctx, "ana", g.ID); dms {
		t.Error("still muted after unmuting")
	}

	no := false
	if d, err := db.DefaultsOf(ctx, guild); err != nil || d.Days != 0 || d.Rated != nil {
		t.Fatalf("no defaults: %+v %v", d, err)
	}
	if changed, err := db.SetDefaults(ctx, guild, Defaults{Days: 7}, "mod"); !changed || err != nil {
		t.Fatalf("setting the days: %v %v", changed, err)
	}
	db.SetDefaults(ctx, guild, Defaults{Rated: &no}, "mod")
	if d, _ := db.DefaultsOf(ctx, guild); d.Days != 7 || d.Rated == nil || *d.Rated {
		t.Errorf("defaults set one by one: %+v", d)
	}
	if changed, _ := db.SetDefaults(ctx, guild, Defaults{Days: 7, Rated: &no}, "mod"); changed {
		t.Error("setting the defaults as they are counted as a change")
	}
	if log, _ := db.ModerationLog(ctx, guild, 10); len(log) != 2 || log[0].Action != ModDefaults {
		t.Errorf("the log of two changes: %+v", log)
	}
}

// A digest is announced once a day: a second sweep, a second copy on the
// same database, and a copy started again after a crash all find it taken;
// the next falls due the next day at the same hour of the player's clock,
// across the change to summer time.
func TestDigestOncePerDay(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	db.SetTimeZone(ctx, "ana", "Europe/Berlin")
	if err := db.SetDigest(ctx, "ana", true, 9*60); err != nil {
		t.Fatal(err)
	}
	other := openTest(t, db.source)
	other.Now = clk.Now
	digests := func() int {
		t.Helper()
		var n int
		if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM announcements WHERE kind = 'digest' AND user_id = 'ana'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n, _ := db.ClaimDigests(ctx, 10); n != 0 || digests() != 0 {
		t.Fatalf("a digest before its hour: %d", n)
	}
	// 2026-03-02 08:00 UTC is 09:00 in Berlin.
	clk.Add(20 * time.Hour)
	if n, err := db.ClaimDigests(ctx, 10); n != 1 || err != nil {
		t.Fatalf("the first digest: %d, %v", n, err)
	}
	if n, _ := other.ClaimDigests(ctx, 10); n != 0 {
		t.Errorf("a second copy announced the digest again: %d", n)
	}
	if n, _ := db.ClaimDigests(ctx, 10); n != 0 || digests() != 1 {
		t.Errorf("a second sweep announced it again: %d, %d in all", n, digests())
	}
	// Every day at 09:00 Berlin, summer time from 2026-03-29 (07:00 UTC).
	for clk.Now().Before(time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC)) {
		clk.Add(time.Hour)
		db.ClaimDigests(ctx, 10)
	}
	if n := digests(); n != 31 {
		t.Errorf("%d digests from 2 March to 1 April, want 31", n)
	}
	var due int64
	db.read.QueryRowContext(ctx, `SELECT digest_due FROM users WHERE user_id = 'ana'`).Scan(&due)
	if want := time.Date(2026, 4, 2, 7, 0, 0, 0, time.UTC); !time.UnixMilli(due).Equal(want) {
		t.Errorf("next digest due %v, want %v (09:00 CEST)", time.UnixMilli(due).UTC(), want)
	}
}

// Once the day's digest is out, a change of its hour or of the player's
// zone brings the next one on a later day, never a second the same day.
func TestDigestOnceADayWhateverChanges(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	db.SetTimeZone(ctx, "ana", "Europe/Berlin")
	db.SetDigest(ctx, "ana", true, 9*60)
	clk.Add(20 * time.Hour) // 2026-03-02 09:00 in Berlin
	if n, err := db.ClaimDigests(ctx, 10); n != 1 || err != nil {
		t.Fatalf("the day's digest: %d, %v", n, err)
	}
	clk.Add(time.Hour)
	due := func() time.Time {
		t.Helper()
		var ms int64
		if err := db.read.QueryRowContext(ctx, `SELECT digest_due FROM users WHERE user_id = 'ana'`).Scan(&ms); err != nil {
			t.Fatal(err)
		}
		return time.UnixMilli(ms).UTC()
	}
	steps := []struct {
		what string
		do   func() error
		want time.Time
	}{
		{"the hour moved to 18:00", func() error { return db.SetDigest(ctx, "ana", true, 18*60) }, time.Date(2026, 3, 3, 17, 0, 0, 0, time.UTC)},
		{"the zone moved to New York", func() error { return db.SetTimeZone(ctx, "ana", "America/New_York") }, time.Date(2026, 3, 3, 23, 0, 0, 0, time.UTC)},
		{"the hour moved to 08:00", func() error { return db.SetDigest(ctx, "ana", true, 8*60) }, time.Date(2026, 3, 3, 13, 0, 0, 0, time.UTC)},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatal(err)
		}
		if got := due(); !got.Equal(st.want) {
			t.Errorf("%s: next digest due %v, want %v", st.what, got, st.want)
		}
	}
	// A zone where the last digest's day is already over: today's hour there
	// is another day, and comes.
	if err := db.SetTimeZone(ctx, "ana", "Pacific/Kiritimati"); err != nil { // UTC+14: 2026-03-03 00:00 now
		t.Fatal(err)
	}
	if got, want := due(), time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("in Kiritimati: next digest due %v, want %v (08:00 on 3 March there)", got, want)
	}
}

// Two copies sweeping at the same moment announce the day's digest once.
func TestDigestClaimedOnceByConcurrentCopies(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	for _, u := range []string{"ana", "bo", "cy", "di"} {
		db.SetTimeZone(ctx, u, "UTC")
		if err := db.SetDigest(ctx, u, true, 9*60); err != nil {
			t.Fatal(err)
		}
	}
	clk.Add(day)
	copies := []*DB{db, openTest(t, db.source), openTest(t, db.source)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	claimed := 0
	for _, c := range copies {
		c.Now = clk.Now
		wg.Go(func() {
			n, err := c.ClaimDigests(ctx, 10)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			claimed += n
			mu.Unlock()
		})
	}
	wg.Wait()
	var rows int
	db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM announcements WHERE kind = 'digest'`).Scan(&rows)
	if claimed != 4 || rows != 4 {
		t.Errorf("three copies claimed %d digests and wrote %d, want 4 of each", claimed, rows)
	}
}

// A digest claimed late, after downtime, is the day's: the next comes on
// the day after, not at its hour the same day.
func TestLateDigestIsTheDays(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t) // 2026-03-01 12:00 UTC
	db.SetTimeZone(ctx, "ana", "UTC")
	db.SetDigest(ctx, "ana", true, 20*60)
	clk.Add(22 * time.Hour) // 2026-03-02 10:00: the digest of 1 March, 20:00, claimed late
	if n, err := db.ClaimDigests(ctx, 10); n != 1 || err != nil {
		t.Fatalf("the late digest: %d, %v", n, err)
	}
	var ms int64
	db.read.QueryRowContext(ctx, `SELECT digest_due FROM users WHERE user_id = 'ana'`).Scan(&ms)
	if got, want := time.UnixMilli(ms).UTC(), time.Date(2026, 3, 3, 20, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("next digest due %v, want %v", got, want)
	}
}
