package render

import (
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Played is one ply of a Last's Span, with what a reader is told of it.
type Played struct {
	// Ply is the ply as recorded, its player filled in.
	Ply games.Ply
	// Before is the position its move was played from, after its throws;
	// nil for a ply of throws alone.
	Before games.Position
	// Chosen says the player chose the move: it was not the pass the rules
	// play by themselves (D5). Only says it was the only legal move.
	Chosen, Only bool
}

// FromRecordSince is FromRecord for a board's reader: its Last also holds
// the Span of plies since the reader's last chosen move. A reader in the
// middle of their own turn (an Aseb house's new throw, a Tab turn's later
// moves, a Seega capture chain) gets that turn so far instead. The span
// depends on the record alone, so a game at a version has one picture.
func FromRecordSince(start games.Position, plies []games.Ply) (games.Position, Last, error) {
	pos, last, all, err := played(start, plies)
	if err != nil || len(all) == 0 {
		return pos, last, err
	}
	last.Reader = readerOf(pos, all)
	last.Span = spanOf(all, last.Reader)
	for i, p := range last.Span {
		if p.Before != nil {
			last.Span[i].Only = len(p.Before.Moves()) == 1
		}
	}
	return pos, last, nil
}

// Plays replays plies from start and returns each as a reader is told of it
// (PlyText): its player, the position its move was played from, and whether
// that move was the only one. A page listing a whole game's moves reads it.
func Plays(start games.Position, plies []games.Ply) ([]Played, error) {
	_, _, all, err := played(start, plies)
	for i, p := range all {
		if p.Before != nil {
			all[i].Only = len(p.Before.Moves()) == 1
			all[i].Chosen = !p.Before.Due().Auto
		}
	}
	return all, err
}

// played replays plies from start: the position reached, its Last, and
// every ply with its player and the position its move was played from.
func played(start games.Position, plies []games.Ply) (games.Position, Last, []Played, error) {
	pos, last := start, Last{}
	all := make([]Played, 0, len(plies))
	err := walk(start, plies, func(i int, after games.Position, l Last) error {
		p := plies[i]
		p.Player = pos.Due().Player
		st := Played{Ply: p}
		if p.Move != "" {
			st.Before = l.Before
		}
		all = append(all, st)
		pos, last = after, l
		return nil
	})
	return pos, last, all, err
}

// readerOf is who a board at pos is for: the seat on move, or once the game
// is over the seat that did not make the last ply.
func readerOf(pos games.Position, all []Played) games.Player {
	if d := pos.Due(); d.Kind != games.DueNothing {
		return d.Player
	}
	return all[len(all)-1].Ply.Player.Other()
}

// spanOf cuts all to the plies after reader's last chosen move or, when
// that move is the last ply (their turn goes on), to the run of their own
// plies it ends. It says which moves were chosen on its way back from the
// end only: a long game's earlier plies cost nothing.
func spanOf(all []Played, reader games.Player) []Played {
	i := len(all) - 1
	for ; i >= 0; i-- {
		if all[i].Before != nil {
			all[i].Chosen = !all[i].Before.Due().Auto
		}
		if all[i].Ply.Player == reader && all[i].Chosen {
			break
		}
	}
	if i < len(all)-1 {
		return all[i+1:]
	}
	for i > 0 && all[i-1].Ply.Player == reader {
		i--
		if all[i].Before != nil {
			all[i].Chosen = !all[i].Before.Due().Auto
		}
	}
	return all[i:]
}

// marked is every move a picture marks, oldest first: those of Span, or
// Move alone for a Last without one.
func (l Last) marked() []Played {
	if l.Span == nil {
		if l.Before == nil || l.Move == "" {
			return nil
		}
		return []Played{{Ply: games.Ply{Player: l.Before.Due().Player, Move: l.Move}, Before: l.Before, Chosen: true}}
	}
	out := make([]Played, 0, len(l.Span))
	for _, p := range l.Span {
		if p.Before != nil {
			out = append(out, p)
		}
	}
	return out
}

// spanAlt bounds what the alt text says of a span, so that the position
// itself (where each side stands) still fits in MaxDescription.
const spanAlt = 400

// moved is one move of a span as the alt text says it: its seat, its
// notation and what it did (details, in l).
type moved struct {
	seat, move string
	details    []string
}

// spanNote is the alt text's sentence on the moves marked: lastMove's for
// one, and for more the latest that fit in spanAlt after a heading that
// says whose turn they are, the earlier ones counted.
func spanNote(l *lang.Lang, game games.Game, pos games.Position, last Last, ms []moved) string {
	switch len(ms) {
	case 0:
		return ""
	case 1:
		return lastMove(l, ms[0].seat, ms[0].move, ms[0].details...)
	}
	items := make([]string, len(ms))
	for i, m := range ms {
		if len(m.details) == 0 {
			items[i] = l.T("render.span.move", "Seat", m.seat, "Move", m.move)
		} else {
			items[i] = l.T("render.span.move_and", "Seat", m.seat, "Move", m.move, "Details", strings.Join(m.details, ", "))
		}
	}
	return " " + upperFirst(spanHeading(l, game, pos, last, fitLatest(l, items, spanAlt)))
}

// fitLatest joins the latest items that fit in n bytes, the others counted
// first: "3 earlier moves; light C2-D2; light stop".
func fitLatest(l *lang.Lang, items []string, n int) string {
	k, size := len(items), 0
	for k > 0 && size+len(items[k-1])+2 <= n {
		k--
		size += len(items[k]) + 2
	}
	if k == len(items) { // not even the last fits: it goes whole all the same
		k--
	}
	kept := items[k:]
	if k > 0 {
		kept = append([]string{l.N("render.span.earlier", k)}, kept...)
	}
	return strings.Join(kept, "; ")
}

// spanHeading puts moves after the words that say whose they are: the last
// turn of a finished game, the reader's own turn so far, or what came since
// the reader's last move.
func spanHeading(l *lang.Lang, game games.Game, pos games.Position, last Last, moves string) string {
	own := true
	for _, p := range last.Span {
		own = own && p.Ply.Player == last.Reader
	}
	switch {
	case last.Ended != nil || pos.Outcome().Over():
		return l.T("render.span.last_turn", "Moves", moves)
	case own:
		return l.T("render.span.own_turn", "Moves", moves)
	}
	return l.T("render.span.since", "Seat", seatOf(l, game, last.Reader), "Moves", moves)
}
