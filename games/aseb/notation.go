package aseb

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Side letters in the notation: c for the cones (seat 0), s for the spindles.
var sideLetter = [2]string{"c", "s"}

// String writes the position in the notation of docs/notation.md, for example
// "c:1,5,9+1 s:3,12 c:throw": each side's path cells (and +N borne off), then
// who acts and what the position waits for.
func (p Position) String() string {
	var b strings.Builder
	for s := games.First; s <= games.Second; s++ {
		b.WriteString(sideLetter[s])
		b.WriteByte(':')
		p.writeSide(&b, s)
		b.WriteByte(' ')
	}
	b.WriteString(sideLetter[p.turn])
	b.WriteByte(':')
	b.WriteString(p.stateWord())
	return b.String()
}

func (p Position) writeSide(b *strings.Builder, s games.Player) {
	cells := p.Cells(s)
	if len(cells) == 0 && p.off[s] == 0 {
		b.WriteByte('-')
	}
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(c))
	}
	if p.off[s] > 0 {
		fmt.Fprintf(b, "+%d", p.off[s])
	}
}

func (p Position) stateWord() string {
	switch p.state {
	case ThrowDue:
		return "throw"
	case Rethrow:
		return "again"
	case Over:
		return "won"
	}
	return strconv.Itoa(int(p.throw))
}

// Parse reads a position written in the notation, under rules r. Cells may come
// in any order; what the rules cannot reach (a shared cell held by both sides,
// more pieces than the rules give, a finished game without its winner) is an
// error wrapping games.ErrBadNotation.
func Parse(r Rules, s string) (Position, error) {
	f := strings.Fields(strings.ToLower(s))
	if len(f) != 3 {
		return Position{}, badPos(s, "want three fields: cones, spindles, state (c:- s:- c:throw)")
	}
	p := Position{rules: r}
	for side := games.First; side <= games.Second; side++ {
		if err := p.parseSide(side, f[side]); err != nil {
			return Position{}, badPos(s, err.Error())
		}
	}
	if err := p.parseState(f[2]); err != nil {
		return Position{}, badPos(s, err.Error())
	}
	if err := p.consistent(); err != nil {
		return Position{}, badPos(s, err.Error())
	}
	return p, nil
}

func badPos(s, why string) error {
	return fmt.Errorf("aseb: position %s: %s: %w", games.Quote(s), why, games.ErrBadNotation)
}

func (p *Position) parseSide(side games.Player, f string) error {
	body, ok := strings.CutPrefix(f, sideLetter[side]+":")
	if !ok {
		return fmt.Errorf("field %d must start with %q", side+1, sideLetter[side]+":")
	}
	list, offText, hasOff := strings.Cut(body, "+")
	if hasOff {
		n, err := strconv.Atoi(offText)
		if err != nil || n < 1 || n > int(p.rules.Pieces) {
			return fmt.Errorf("%s: borne off must be 1-%d", games.Quote(f), p.rules.Pieces)
		}
		p.off[side] = int8(n)
	}
	if list == "-" || (list == "" && hasOff) {
		return nil
	}
	for _, c := range strings.Split(list, ",") {
		n, err := strconv.Atoi(c)
		if err != nil || n < 1 || n > PathLen {
			return fmt.Errorf("%s: cell %s is not 1-16", games.Quote(f), games.Quote(c))
		}
		if p.cells[side]&(1<<n) != 0 {
			return fmt.Errorf("%s: cell %d twice", games.Quote(f), n)
		}
		p.cells[side] |= 1 << n
	}
	return nil
}

func (p *Position) parseState(f string) error {
	who, what, ok := strings.Cut(f, ":")
	switch {
	case !ok || (who != "c" && who != "s"):
		return fmt.Errorf("state %s must be c: or s: and throw, again, won or a throw", games.Quote(f))
	case who == "s":
		p.turn = games.Second
	}
	switch what {
	case "throw":
		p.state = ThrowDue
	case "again":
		p.state = Rethrow
	case "won":
		p.state = Over
	default:
		n, err := strconv.Atoi(what)
		if err != nil || len(what) != 1 {
			return fmt.Errorf("state %s: %s is not throw, again, won or a throw", games.Quote(f), games.Quote(what))
		}
		p.state, p.throw = MoveDue, games.Throw(n)
	}
	return nil
}

// consistent rejects what no game can reach under the rules.
func (p *Position) consistent() error {
	if both := p.cells[0] & p.cells[1] & shared; both != 0 {
		return fmt.Errorf("shared cell %d is held by both sides", lowest(both))
	}
	for s := games.First; s <= games.Second; s++ {
		if p.InReserve(s) < 0 {
			return fmt.Errorf("%s has more than %d pieces", sideLetter[s], p.rules.Pieces)
		}
		if p.off[s] == p.rules.Pieces && (p.state != Over || p.turn != s) {
			return fmt.Errorf("%s has borne off every piece, so the state must be %s:won", sideLetter[s], sideLetter[s])
		}
	}
	if p.state == Over && p.off[p.turn] != p.rules.Pieces {
		return fmt.Errorf("%s:won but %s still has pieces to bear off", sideLetter[p.turn], sideLetter[p.turn])
	}
	return p.consistentThrow()
}

func (p *Position) consistentThrow() error {
	switch {
	case p.state == Rethrow && !p.rules.zeroRethrown():
		return fmt.Errorf("again: only standard throws a 0 again")
	case p.state == Rethrow && !p.rules.Dice.Valid(0):
		return fmt.Errorf("again: the %v never shows a 0 to throw again (D2)", p.rules.Dice)
	case p.state == MoveDue && p.throw == 0 && p.rules.zeroRethrown():
		return fmt.Errorf("a 0 waits for no move in standard: it is thrown again")
	case p.state == MoveDue && !p.rules.Dice.Valid(p.throw):
		return fmt.Errorf("%d is not a throw of the %v", p.throw, p.rules.Dice)
	}
	return nil
}

// FormatMove writes m as the notation says, in the context of p: "in-3" enters,
// "5-8" moves, "5x8" captures, "14-off" bears off, "pass" passes.
func (p Position) FormatMove(m Move) string {
	if m.IsPass() {
		return "pass"
	}
	sep := "-"
	if p.Captures(m) {
		sep = "x"
	}
	return end(int(m.From)) + sep + end(int(m.To))
}

func end(c int) string {
	switch c {
	case Reserve:
		return "in"
	case Off:
		return "off"
	}
	return strconv.Itoa(c)
}

// ParseMove reads a move. "-" and "x" are read alike: whether a move captures is
// the position's business, and a player who types 5-8 for a capture means it.
func ParseMove(s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" {
		return Pass, nil
	}
	i := strings.IndexAny(t, "-x")
	if i < 0 {
		return Move{}, badMove(s)
	}
	from, okFrom := parseEnd(t[:i], "in", Reserve)
	to, okTo := parseEnd(t[i+1:], "off", Off)
	if !okFrom || !okTo || from == Off || to == Reserve || to <= from {
		return Move{}, badMove(s)
	}
	return Move{From: int8(from), To: int8(to)}, nil
}

func parseEnd(s, word string, val int) (int, bool) {
	if s == word {
		return val, true
	}
	if len(s) == 0 || len(s) > 2 || s[0] == '0' || s[0] == '+' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1 && n <= PathLen
}

func badMove(s string) error {
	return refused(lang.Wrap(games.ErrBadNotation, "aseb.why.bad_move", "Move", games.Quote(s)))
}
