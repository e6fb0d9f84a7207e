package games

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"kilab/lang"
)

// Ply is one entry of a game record: the throws a player made, in order, and the
// move that followed them. Either part may be empty: a Tab turn's later moves come
// without throws, and a record may end with throws whose move is still to come.
//
// Revision is the rules revision the ply was played under (see Revised): the
// store keeps it with every ply; 0 means the current revision, as for plies
// played now or read from a record token, which does not carry it.
type Ply struct {
	Player   Player  `json:"player"`
	Throws   []Throw `json:"throws,omitempty"`
	Move     string  `json:"move,omitempty"`
	Revision int     `json:"revision,omitempty"`
}

// String gives the ply as a record token: "2,3:5-8" (throws, then the move),
// "5-8" (a move without throws) or "2,3:" (throws whose move is to come).
func (p Ply) String() string {
	if len(p.Throws) == 0 {
		return p.Move
	}
	var b strings.Builder
	for i, t := range p.Throws {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(t)))
	}
	b.WriteByte(':')
	b.WriteString(p.Move)
	return b.String()
}

// ParsePly reads a record token (see Ply.String). The player is left to Replay,
// which knows whose turn it is.
func ParsePly(tok string) (Ply, error) {
	throws, move, hasThrows := strings.Cut(tok, ":")
	if !hasThrows {
		throws, move = "", tok
	}
	var p Ply
	if strings.ContainsAny(move, ":,") || strings.ContainsFunc(move, unicode.IsSpace) || (!hasThrows && move == "") {
		return Ply{}, lang.Wrap(ErrBadNotation, "games.record.token", "Token", strconv.Quote(tok))
	}
	p.Move = move
	if !hasThrows {
		return p, nil
	}
	for _, f := range strings.Split(throws, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 6 {
			return Ply{}, lang.Wrap(ErrBadNotation, "games.record.throw", "Token", Quote(tok), "Throw", Quote(f))
		}
		p.Throws = append(p.Throws, Throw(n))
	}
	return p, nil
}

// ParseRecord reads a record: tokens separated by white space, or the record
// file /history sends, as it is written. A line whose first character (after
// blanks) is '#' is a comment: the file's header. A line that starts with a
// number and a tab is one numbered ply, "N<TAB>TOKEN", and anything after a
// further tab is a note on it (the file marks a ply of older rules so, in the
// reader's language), which is not read. Tokens carry no rules revision.
func ParseRecord(s string) ([]Ply, error) {
	var plies []Ply
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		toks := strings.Fields(line)
		if tok, ok := numberedToken(line); ok {
			toks = []string{tok}
		}
		for _, tok := range toks {
			p, err := ParsePly(tok)
			if err != nil {
				return nil, err
			}
			plies = append(plies, p)
		}
	}
	return plies, nil
}

// numberedToken is the token of a numbered ply line, "12<TAB>2:5-8<TAB>note";
// ok is false for a line that is not one. No token is a number alone, so a
// line of tokens never starts with a number and a tab.
func numberedToken(line string) (tok string, ok bool) {
	num, rest, ok := strings.Cut(line, "\t")
	num = strings.TrimSpace(num)
	if !ok || num == "" || strings.ContainsFunc(num, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", false
	}
	tok, _, _ = strings.Cut(rest, "\t")
	return strings.TrimSpace(tok), true
}

// FormatRecord writes plies as tokens separated by spaces; ParseRecord reads it back.
func FormatRecord(plies []Ply) string {
	toks := make([]string, len(plies))
	for i, p := range plies {
		toks[i] = p.String()
	}
	return strings.Join(toks, " ")
}

// Replay plays plies from start and returns the final position. each, when not
// nil, sees every ply (with its player filled in) and the position after it. An
// error names the ply (counted from 1) and wraps the engine's reason. A ply of
// an older rules revision that the current rules refuse is played as that
// revision played it (PlayRecorded); ReplayRevised tells which ones were.
func Replay(start Position, plies []Ply, each func(i int, p Ply, after Position)) (Position, error) {
	return ReplayRevised(start, plies, func(i int, p Ply, after Position, _ bool) {
		if each != nil {
			each(i, p, after)
		}
	})
}

// ReplayRevised is Replay whose each also learns, as old, that a ply was
// played as its older rules revision played it. On an error the position
// returned is the one where the failing ply was refused: its throws made,
// where they were, and its move refused (see OlderRevision).
func ReplayRevised(start Position, plies []Ply, each func(i int, p Ply, after Position, old bool)) (Position, error) {
	pos := start
	for i, p := range plies {
		var (
			err error
			old bool
		)
		p.Player = pos.Due().Player
		if pos, old, err = replayPly(pos, p); err != nil {
			return pos, fmt.Errorf("ply %d (%s): %w", i+1, clipText(p.String()), err)
		}
		if each != nil {
			each(i, p, pos, old)
		}
	}
	return pos, nil
}

func replayPly(pos Position, p Ply) (Position, bool, error) {
	if err := CheckRevision(pos, p.Revision); err != nil {
		return pos, false, err
	}
	for _, t := range p.Throws {
		next, err := ThrowAs(pos, p.Player, t)
		if err != nil {
			return pos, false, err
		}
		pos = next
	}
	if p.Move == "" {
		return pos, false, nil
	}
	return PlayRecorded(pos, p)
}

// Record is a whole game as it is kept and shared: the game, its configuration
// and every ply from the start position.
type Record struct {
	Game   string `json:"game"`
	Config Config `json:"config"`
	Plies  []Ply  `json:"plies"`
}

// Replay plays the record from the game's start position and returns where it ends.
func (r Record) Replay() (Position, error) {
	g, err := Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	start, err := g.New(r.Config)
	if err != nil {
		return nil, err
	}
	return Replay(start, r.Plies, nil)
}

// OldRevisions finds the plies of a record from start that replay only as
// the older rules revision they were played under played them
// (PlayRecorded), by index, with that revision, and the oldest such
// revision (0 when there is none): what a record file marks, and the
// revision kilab replay must be told.
func OldRevisions(start Position, plies []Ply) (map[int]int, int) {
	old, oldest := map[int]int{}, 0
	_, _ = ReplayRevised(start, plies, func(i int, p Ply, _ Position, o bool) {
		if o {
			old[i] = p.Revision
			if oldest == 0 || p.Revision < oldest {
				oldest = p.Revision
			}
		}
	})
	return old, oldest
}
