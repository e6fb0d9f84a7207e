package games

import (
	"fmt"

	"kilab/lang"
)

// PlayAs plays move for player, checking first that the game waits for a move of
// that player: ErrGameOver, ErrNotYourTurn, or ErrIllegalMove when a throw is due.
func PlayAs(pos Position, player Player, move string) (Position, error) {
	if err := expect(pos, player, DueMove); err != nil {
		return pos, err
	}
	return pos.Play(move)
}

// ThrowAs applies throw t for player, with the same checks as PlayAs.
func ThrowAs(pos Position, player Player, t Throw) (Position, error) {
	if err := expect(pos, player, DueThrow); err != nil {
		return pos, err
	}
	if d := pos.Due().Dice; !d.Valid(t) {
		return pos, lang.Wrap(ErrIllegalMove, "games.why.not_a_score", "Throw", t, "D4", d == D4, "Tab", d == TabSticks)
	}
	return pos.Throw(t)
}

func expect(pos Position, player Player, kind DueKind) error {
	due := pos.Due()
	switch {
	case due.Kind == DueNothing:
		return ErrGameOver
	case due.Player != player:
		return ErrNotYourTurn
	case due.Kind != kind && kind == DueMove:
		return lang.Wrap(ErrIllegalMove, "games.why.throw_due")
	case due.Kind != kind:
		return lang.Wrap(ErrIllegalMove, "games.why.move_due")
	}
	return nil
}

// Recorder collects what is played into plies: throws join the open ply of the
// same player, a move closes it.
type Recorder struct {
	Plies []Ply
}

// Throw records a throw by player.
func (r *Recorder) Throw(player Player, t Throw) {
	if n := len(r.Plies); n > 0 && r.Plies[n-1].Player == player && r.Plies[n-1].Move == "" {
		r.Plies[n-1].Throws = append(r.Plies[n-1].Throws, t)
		return
	}
	r.Plies = append(r.Plies, Ply{Player: player, Throws: []Throw{t}})
}

// Move records a move by player.
func (r *Recorder) Move(player Player, move string) {
	if n := len(r.Plies); n > 0 && r.Plies[n-1].Player == player && r.Plies[n-1].Move == "" {
		r.Plies[n-1].Move = move
		return
	}
	r.Plies = append(r.Plies, Ply{Player: player, Move: move})
}

// Advance plays what is nobody's choice (Due.Auto): it draws automatic throws from
// src and plays forced moves, recording each in rec, until a player must decide
// or the game ends. The bot calls it after every click; tests and the CLI use it
// to drive whole games.
func Advance(pos Position, src Source, rec *Recorder) (Position, error) {
	for {
		due := pos.Due()
		if !due.Auto || due.Kind == DueNothing {
			return pos, nil
		}
		next, err := step(pos, due, src, rec)
		if err != nil {
			return pos, err
		}
		pos = next
	}
}

func step(pos Position, due Due, src Source, rec *Recorder) (Position, error) {
	if due.Kind == DueThrow {
		t := due.Dice.Draw(src)
		rec.Throw(due.Player, t)
		return pos.Throw(t)
	}
	moves := pos.Moves()
	if len(moves) != 1 {
		return pos, fmt.Errorf("games: automatic move with %d legal moves", len(moves))
	}
	rec.Move(due.Player, moves[0].Notation)
	return pos.Play(moves[0].Notation)
}

// Roll is a player's click on Throw: it draws the due throw for player, then
// whatever follows by itself (Advance).
func Roll(pos Position, player Player, src Source, rec *Recorder) (Position, error) {
	if err := expect(pos, player, DueThrow); err != nil {
		return pos, err
	}
	t := pos.Due().Dice.Draw(src)
	next, err := pos.Throw(t)
	if err != nil {
		return pos, err
	}
	rec.Throw(player, t)
	return Advance(next, src, rec)
}
