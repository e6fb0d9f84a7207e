package seega_test

import (
	"fmt"
	"testing"

	"kilab/games"
	"kilab/games/seega"
	"kilab/internal/testlong"
)

// gamesPerSize is how many seeded random games each board size plays: 600 by
// default, half with each opening, which a planted bug in capture or
// movement fails within the first few dozen games; 10,000 with KILAB_LONG=1;
// 300 under -short, for the race run.
func gamesPerSize() int {
	if testing.Short() {
		return 300
	}
	return testlong.Pick(600, 10000)
}

// Random games on every size, half of them with the lane opening: the centre is
// empty when placement ends, piece counts only fall, no illegal state arises,
// every game ends, and replaying the record through games.Replay reproduces
// the final position.
func TestPropertyRandomGames(t *testing.T) {
	for _, size := range []string{"5", "7", "9"} {
		t.Run("size="+size, func(t *testing.T) {
			t.Parallel()
			starts := [2]seega.Position{mustNew(t, "free", size), mustNew(t, "lane", size)}
			for seed := range uint64(gamesPerSize()) {
				if err := randomGame(starts[seed%2], seed); err != nil {
					t.Fatalf("size %s, seed %d: %v", size, seed, err)
				}
			}
		})
	}
}

// maxGameMoves is far beyond any game: S8 ends a game after at most limit steps
// per piece taken, plus one pass per step and the placements.
const maxGameMoves = 100000

// randomGame plays one game with the fast API, checking each move, then
// replays its record through the games.Position interface.
func randomGame(start seega.Position, seed uint64) error {
	src := games.Seeded(seed)
	p := start
	var rec games.Recorder
	buf := make([]seega.Move, 0, 4000)
	roundTrip := seed%64 == 0 // the notation of every position of some games
	for n := 0; !p.Over(); n++ {
		if n > maxGameMoves {
			return fmt.Errorf("no end after %d moves: %s", n, p)
		}
		legal := p.AppendMoves(buf[:0])
		if err := checkDue(p, legal); err != nil {
			return err
		}
		m := legal[src.Uint64()%uint64(len(legal))]
		rec.Move(p.Turn(), m.String())
		before := p
		p.Do(m)
		if err := checkMove(before, p, m, roundTrip); err != nil {
			return fmt.Errorf("after %s from %s: %w", m, before, err)
		}
	}
	if err := checkRoundTrip(p); err != nil {
		return err
	}
	end, err := games.Replay(start, rec.Plies, nil)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if got, ok := end.(seega.Position); !ok || got != p {
		return fmt.Errorf("replay ends at %s, the game at %s", end, p)
	}
	return nil
}

// checkDue: Auto exactly when the only legal move is a pass (S7), and a game
// that is not over always has a move.
func checkDue(p seega.Position, legal []seega.Move) error {
	due := p.Due()
	onlyPass := len(legal) == 1 && legal[0].Kind == seega.Pass
	switch {
	case len(legal) == 0:
		return fmt.Errorf("no legal move in %s", p)
	case due.Kind != games.DueMove || due.Player != p.Turn() || due.Dice != games.NoDice:
		return fmt.Errorf("due %+v in %s", due, p)
	case due.Auto != onlyPass:
		return fmt.Errorf("auto %v with moves %v in %s", due.Auto, legal, p)
	}
	return nil
}

// checkMove checks what one move may change.
func checkMove(before, after seega.Position, m seega.Move, roundTrip bool) error {
	if err := seega.CheckInvariants(after); err != nil {
		return err
	}
	for _, side := range []games.Player{games.First, games.Second} {
		was := before.OnBoard(side) + before.InHand(side)
		now := after.OnBoard(side) + after.InHand(side)
		if now > was || (before.Phase() == seega.Movement && after.OnBoard(side) > before.OnBoard(side)) {
			return fmt.Errorf("%v's pieces rose from %d to %d", side, was, now)
		}
	}
	if before.Phase() == seega.Placement && after.Phase() == seega.Movement {
		if err := checkPlaced(after); err != nil {
			return err
		}
	}
	if roundTrip {
		return checkRoundTrip(after)
	}
	return nil
}

// checkPlaced: when placement ends every cell but the centre is full and the
// last placer, dark, moves first (S2, S3).
func checkPlaced(p seega.Position) error {
	full := p.Size()*p.Size() - 1
	switch {
	case p.At(p.Centre()) != seega.Empty:
		return fmt.Errorf("centre %s occupied after placement", p.Centre())
	case p.OnBoard(games.First)+p.OnBoard(games.Second) != full:
		return fmt.Errorf("%d pieces placed, want %d", p.OnBoard(games.First)+p.OnBoard(games.Second), full)
	case p.Turn() != games.Second:
		return fmt.Errorf("movement starts with %v, not the last placer", p.Turn())
	}
	return nil
}

// checkRoundTrip: the notation reads back to the same position.
func checkRoundTrip(p seega.Position) error {
	q, err := seega.Parse(p.Config(), p.String())
	if err != nil {
		return fmt.Errorf("parse %s: %w", p, err)
	}
	if q != p {
		return fmt.Errorf("%s reads back as %s, another position", p, q)
	}
	return nil
}
