package games

import (
	"errors"
	"fmt"
)

// Rules revisions. An engine whose rules are corrected after games were played
// under them counts the corrections: revision 1 is every game's first rules,
// and each correction that changes which moves are legal adds one. A stored
// ply keeps the revision it was played under (Ply.Revision). The record is the
// truth: a ply that the current rules refuse but an older revision played is
// replayed as that revision played it, never rewritten, and only where the
// engine confirms that the older revision produced it.

// Revised is a Game or a Position whose rules have a revision above 1.
type Revised interface {
	// Revision is the newest rules revision, the one new moves are played by.
	Revision() int
}

// Legacy is a Position that can play a move as an older rules revision did.
type Legacy interface {
	Revised
	// PlayRevision plays move as rules revision rev played it here. It fails,
	// wrapping ErrIllegalMove, for a move that rev's engine would not have made
	// or accepted in this position.
	PlayRevision(rev int, move string) (Position, error)
}

// RevisionOf is the rules revision of a Game or Position: 1 unless it says
// otherwise (Revised).
func RevisionOf(x any) int {
	if r, ok := x.(Revised); ok {
		return r.Revision()
	}
	return 1
}

// CurrentRevision is the rules revision of the game registered under name,
// the one the plies played now are stored with.
func CurrentRevision(name string) (int, error) {
	g, err := Lookup(name)
	if err != nil {
		return 0, err
	}
	return RevisionOf(g), nil
}

// CheckRevision refuses a ply recorded under rules revision rev that pos's
// engine does not know: a newer revision (recorded by a newer program) or a
// number that is no revision. 0 stands for the current revision.
func CheckRevision(pos Position, rev int) error {
	switch cur := RevisionOf(pos); {
	case rev < 0:
		return fmt.Errorf("rules revision %d is not a revision: %w", rev, ErrBadNotation)
	case rev > cur:
		return fmt.Errorf("the ply was played under rules revision %d, and this program knows only up to revision %d; upgrade Kilab to replay it: %w",
			rev, cur, ErrRevisionTooNew)
	}
	return nil
}

// PlayRecorded plays the move of a recorded ply p by p.Player: by the current
// rules, or, when they refuse it and p was played under an older revision, as
// that revision played it (Legacy). old reports the second case, which callers
// showing the record mark.
func PlayRecorded(pos Position, p Ply) (next Position, old bool, err error) {
	if err := CheckRevision(pos, p.Revision); err != nil {
		return pos, false, err
	}
	next, err = PlayAs(pos, p.Player, p.Move)
	if err == nil || !errors.Is(err, ErrIllegalMove) || p.Revision == 0 || p.Revision >= RevisionOf(pos) {
		return next, false, err
	}
	l, ok := pos.(Legacy)
	if !ok {
		return pos, false, err
	}
	prev, lerr := l.PlayRevision(p.Revision, p.Move)
	if lerr != nil {
		return pos, false, fmt.Errorf("%w (nor did rules revision %d play it: %v)", err, p.Revision, lerr)
	}
	return prev, true, nil
}

// OlderRevision is the newest rules revision older than pos's own that plays
// move at pos (Legacy), or 0 when none does (or pos's engine has had no other
// revision). It is asked about a move the current rules refuse: only where an
// older revision plays it can the move be from a record of those rules, to be
// replayed as that revision played it; anywhere else it is simply illegal.
func OlderRevision(pos Position, move string) int {
	l, ok := pos.(Legacy)
	if !ok || move == "" {
		return 0
	}
	for rev := l.Revision() - 1; rev >= 1; rev-- {
		if _, err := l.PlayRevision(rev, move); err == nil {
			return rev
		}
	}
	return 0
}
