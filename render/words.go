package render

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"kilab/games"
	"kilab/lang"
)

// Every word render draws or writes is a message of the render.* catalogs
// (lang/locales/render.*.json), said in the reader's language; the notation
// (cells, moves, coordinates) and the figures stay as they are.

// verb is what a turn banner says a seat does next, or how the game ended.
type verb int8

const (
	verbThrow verb = iota
	verbMove
	verbPlace // Seega's placement phase (S2)
	verbWin
	verbDraw
	verbAborted
)

// saying is a message a board says, in a language, with its values: the
// few things a board says (whose turn, a count, a seat's name) come again
// and again, and filling a message's template costs more than drawing it,
// so said keeps each once said.
type saying struct {
	l    *lang.Lang
	id   string // the message, or "seat" or "banner" of game
	game string
	a, b int // the values, or the seat and verb of a banner
}

var said = cache[saying, string]{bound: 1 << 12}

// say is l.T(id), kept once said.
func say(l *lang.Lang, id string) string {
	return said.get(saying{l: l, id: id}, func() string { return l.T(id) })
}

// sayN is l.T(id, name, n), kept once said.
func sayN(l *lang.Lang, id, name string, n int) string {
	return said.get(saying{l: l, id: id, a: n}, func() string { return l.T(id, name, n) })
}

// quietLabel is the picture's count of quiet turns or steps: "quiet 8/70".
func quietLabel(l *lang.Lang, q, limit int) string {
	return said.get(saying{l: l, id: "render.quiet", a: q, b: limit}, func() string {
		return l.T("render.quiet", "Quiet", q, "Limit", limit)
	})
}

// seatTitle is seat p of game named in l, its first letter capitalised as
// the panels write it.
func seatTitle(l *lang.Lang, game games.Game, p games.Player) string {
	return said.get(saying{l: l, id: "seat", game: game.Name(), a: int(p)}, func() string {
		return upperFirst(seatOf(l, game, p))
	})
}

// seatText is a turn banner of a seat: what seat p of a's game does next
// (v), or that it won.
func seatText(l *lang.Lang, a art, game games.Game, v verb, p games.Player) string {
	return said.get(saying{l: l, id: "banner", game: game.Name(), a: int(p), b: int(v)}, func() string {
		return upperFirst(a.turn(l, v, seatOf(l, game, p)))
	})
}

// seatOf is seat p of game named in l.
func seatOf(l *lang.Lang, game games.Game, p games.Player) string {
	return games.SeatName(l, game, p)
}

// upperFirst capitalises s's first letter: a sentence or a label that a
// template opens with a seat's name ("{{.Seat}} to move").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// turnText says whose turn it is and what they do, or how the game ended.
func turnText(l *lang.Lang, a art, game games.Game, pos games.Position, last Last) string {
	due := pos.Due()
	switch {
	case last.Ended != nil:
		return endText(l, a, game, *last.Ended)
	case due.Kind == games.DueThrow:
		return seatText(l, a, game, verbThrow, due.Player)
	case due.Kind == games.DueMove:
		return seatText(l, a, game, verbMove, due.Player)
	}
	o := pos.Outcome()
	return endText(l, a, game, Ending{Status: o.Status, Winner: o.Winner})
}

// endText is the banner of a finished game: "Spindles win", "Draw".
func endText(l *lang.Lang, a art, game games.Game, e Ending) string {
	switch e.Status {
	case games.Won:
		return seatText(l, a, game, verbWin, e.Winner)
	case games.Drawn:
		return say(l, "render.turn.draw")
	}
	return say(l, "render.turn.aborted")
}

// endNote is the alt text's sentence on how the game ended, the reason
// included when it was decided off the board: " Light wins (Dark resigned).".
func endNote(l *lang.Lang, a art, game games.Game, pos games.Position, last Last) string {
	s := turnText(l, a, game, pos, last)
	if last.Ended != nil && last.Ended.Reason != "" {
		s += " (" + last.Ended.Reason + ")"
	}
	return " " + s + "."
}

// banner is the seat whose piece the turn banner shows, and whether it shows
// one at all (not for a draw or an abort).
func banner(pos games.Position, last Last) (games.Player, bool) {
	if e := last.Ended; e != nil {
		return e.Winner, e.Status == games.Won
	}
	if o := pos.Outcome(); o.Over() {
		return o.Winner, o.Status == games.Won
	}
	return pos.Due().Player, true
}

// lastMove is the alt text's sentence on the last move, with what it did
// (details, in l, none for a plain move).
func lastMove(l *lang.Lang, seat, move string, details ...string) string {
	if len(details) == 0 {
		return " " + upperFirst(l.T("render.last_move", "Seat", seat, "Move", move))
	}
	return " " + upperFirst(l.T("render.last_move_and", "Seat", seat, "Move", move, "Details", strings.Join(details, ", ")))
}

// throwList writes throws as "0 (void), 3".
func throwList(l *lang.Lang, ts []shownThrow) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = strconv.Itoa(int(t.t))
		if t.dim {
			s[i] = l.T("render.throw_void", "Throw", s[i])
		}
	}
	return strings.Join(s, ", ")
}

// Turn says in l, as the board's banner says it, whose turn it is at pos
// and what they do ("Spindles to throw"), or how the game ended; "" for a
// game render has no pictures of.
func Turn(l *lang.Lang, game games.Game, pos games.Position) string {
	a, err := artFor(game)
	o, ok := a.(own)
	if err != nil || !ok || pos == nil {
		return ""
	}
	return turnText(l, o.art, game, pos, Last{})
}
