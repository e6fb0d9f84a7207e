package render

import (
	"fmt"

	"kilab/games"
)

// RandomRecord plays a game from start with throws and uniformly random legal
// moves drawn from src, and returns its record: at most maxMoves moves, fewer
// when the game ends first. The demo command and the tests draw such games;
// with games.Seeded the same seed gives the same game.
func RandomRecord(start games.Position, src games.Source, maxMoves int) ([]games.Ply, error) {
	var rec games.Recorder
	pos := start
	for moves := 0; moves < maxMoves; {
		due := pos.Due()
		var err error
		switch due.Kind {
		case games.DueNothing:
			return rec.Plies, nil
		case games.DueThrow:
			t := due.Dice.Draw(src)
			rec.Throw(due.Player, t)
			pos, err = pos.Throw(t)
		case games.DueMove:
			legal := pos.Moves()
			if len(legal) == 0 {
				return rec.Plies, fmt.Errorf("render: %v waits for a move but has none", pos)
			}
			m := legal[src.Uint64()%uint64(len(legal))].Notation
			rec.Move(due.Player, m)
			pos, err = pos.Play(m)
			moves++
		}
		if err != nil {
			return rec.Plies, fmt.Errorf("render: random game: %w", err)
		}
	}
	return rec.Plies, nil
}

// walk replays plies from start and calls fn with every position after the
// start, and the Last that draws it.
func walk(start games.Position, plies []games.Ply, fn func(i int, pos games.Position, last Last) error) error {
	pos, last := start, Last{}
	for i, p := range plies {
		p.Player = pos.Due().Player
		var err error
		if pos, last, err = last.After(pos, p); err != nil {
			return fmt.Errorf("render: ply %d (%s): %w", i+1, p, err)
		}
		if err := fn(i, pos, last); err != nil {
			return err
		}
	}
	return nil
}
