package games_test

import (
	"errors"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

func royalur(t *testing.T, pos string) games.Position {
	t.Helper()
	g, err := games.Lookup("aseb")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Parse(games.Config{Variant: "royalur"}, pos)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A record is replayed as it was played: a ply of an older rules revision that
// the current rules refuse is played as that revision played it, and only
// where the engine confirms that it did; nothing else changes.
func TestReplayOldRevision(t *testing.T) {
	if r, _ := games.CurrentRevision("aseb"); r != aseb.Revision || r < 2 {
		t.Fatalf("aseb's current revision %d", r)
	}
	start := royalur(t, "c:2 s:4 c:throw")
	pass := games.Ply{Throws: []games.Throw{2}, Move: "pass"}
	for _, tc := range []struct {
		name    string
		rev     int
		want    string // the position after, "" for an error
		old     bool
		wantErr error
	}{
		// Revision 1 had no move here (it took the spindles' cell 4 for the
		// cones'), so the server passed: that pass replays, marked old.
		{"revision 1's pass", 1, "c:2 s:4 s:throw", true, nil},
		// Played now, the same pass is refused: 2-4 is legal (A1, A8).
		{"a current pass", 0, "", false, games.ErrIllegalMove},
		{"a revision 2 pass", 2, "", false, games.ErrIllegalMove},
		// A revision this program does not know is refused, whatever the ply.
		{"a newer revision", aseb.Revision + 1, "", false, games.ErrRevisionTooNew},
	} {
		p := pass
		p.Revision = tc.rev
		var old []bool
		end, err := games.ReplayRevised(start, []games.Ply{p}, func(_ int, _ games.Ply, _ games.Position, o bool) { old = append(old, o) })
		switch {
		case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.wantErr)
		case tc.wantErr == nil && (err != nil || end.String() != tc.want || len(old) != 1 || old[0] != tc.old):
			t.Errorf("%s: %q, old %v, err %v; want %q, old %v", tc.name, end, old, err, tc.want, tc.old)
		}
	}
	// A move legal today replays by today's rules, whatever its revision.
	end, err := games.Replay(start, []games.Ply{{Throws: []games.Throw{2}, Move: "2-4", Revision: 1}}, nil)
	if err != nil || end.String() != "c:4 s:4 c:throw" {
		t.Errorf("revision 1's 2-4: %q, %v", end, err)
	}
	// Revision 1 passed only where it had no move: with the spindles' cell 4
	// empty it had 2-4 too, so a pass there is no revision 1 play.
	_, err = games.Replay(royalur(t, "c:2 s:- c:throw"), []games.Ply{{Throws: []games.Throw{2}, Move: "pass", Revision: 1}}, nil)
	if !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("a revision 1 pass that revision 1 would not have made: err %v", err)
	}
	// A ply with throws only, of a newer revision, is refused too.
	_, err = games.Replay(start, []games.Ply{{Throws: []games.Throw{2}, Revision: aseb.Revision + 1}}, nil)
	if !errors.Is(err, games.ErrRevisionTooNew) {
		t.Errorf("throws of a newer revision: err %v", err)
	}
}

// OlderRevision names an older revision only where that revision plays the
// refused move: revision 1's pass, not a typo, nor a pass revision 1 would
// not have made, nor a move of a game that never had another revision.
func TestOlderRevision(t *testing.T) {
	t.Parallel()
	moveDue := func(pos games.Position) games.Position {
		t.Helper()
		next, err := games.ThrowAs(pos, games.First, 2)
		if err != nil {
			t.Fatal(err)
		}
		return next
	}
	shut := moveDue(royalur(t, "c:2 s:4 c:throw")) // the spindles on their cell 4
	open := moveDue(royalur(t, "c:2 s:- c:throw"))
	for _, tc := range []struct {
		name string
		pos  games.Position
		move string
		want int
	}{
		{"revision 1's pass", shut, "pass", 1},
		{"a typo", shut, "2-5", 0},
		{"no move at all", shut, "", 0},
		{"a pass revision 1 would not have made", open, "pass", 0},
		{"a move no revision plays", open, "9-13", 0},
	} {
		if got := games.OlderRevision(tc.pos, tc.move); got != tc.want {
			t.Errorf("%s: OlderRevision(%s, %q) = %d, want %d", tc.name, tc.pos, tc.move, got, tc.want)
		}
	}
	tab, _ := games.Lookup("tab")
	start, err := tab.New(games.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := games.OlderRevision(start, "pass"); got != 0 {
		t.Errorf("tab, never revised: OlderRevision = %d, want 0", got)
	}
}
