package tab

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/games"
)

// A position is written as five fields separated by spaces (docs/notation.md):
//
//	ccccccc/7/7/CCCCCCC w - t10 0
//
// the board, rows d to a (top to bottom as white sees it), each row's cells from
// column 1, with runs of empty cells as numbers and a stack of two or more in
// parentheses, bottom piece first; the player on move (w, b); the scores (- before
// the turn's first throw, "1,4+" while throwing goes on, "2,4" to be moved, "+" for
// void throws before the game's first 1); t10 while the game's first 1 has not
// come, else -; the quiet-turn count of T12, or x when a piece has left the board
// during this turn. Piece letters: C Christian (never moved), M moved, F flipped
// (has been in row 4); upper case white, lower case black.

// pieceLetters[owner][kind]: kind 0 Christian, 1 moved, 2 flipped.
var pieceLetters = [2]string{"CMF", "cmf"}

// maxScores bounds the scores a turn may hold, so that a hand-written position
// stays small. A real turn goes past 20 throws with odds below 1 in 10^8.
const maxScores = 200

// format writes s in notation.
func (s *state) format() string {
	var b strings.Builder
	b.Grow(4*s.g.w + 32)
	for r := 3; r >= 0; r-- {
		s.formatRow(&b, r)
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[s.turn])
	b.WriteString(s.formatScores())
	if s.opening {
		b.WriteString(" t10 ")
	} else {
		b.WriteString(" - ")
	}
	if s.departed {
		b.WriteString("x")
	} else {
		b.WriteString(strconv.Itoa(int(s.quiet)))
	}
	return b.String()
}

// formatRow writes absolute row r (0 = a).
func (s *state) formatRow(b *strings.Builder, r int) {
	empty := 0
	for c := r * s.g.w; c < (r+1)*s.g.w; c++ {
		st := s.cells[c]
		if st.n == 0 {
			empty++
			continue
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
			empty = 0
		}
		if st.n > 1 {
			b.WriteByte('(')
		}
		for k := uint8(0); k < st.n; k++ {
			b.WriteByte(pieceLetters[st.owner][pieceKind(st, k)])
		}
		if st.n > 1 {
			b.WriteByte(')')
		}
	}
	if empty > 0 {
		b.WriteString(strconv.Itoa(empty))
	}
}

// pieceKind is 0 for a Christian, 1 for a moved piece, 2 for a flipped one.
func pieceKind(st stack, k uint8) int {
	switch {
	case st.christ:
		return 0
	case st.flip>>k&1 != 0:
		return 2
	}
	return 1
}

func (s *state) formatScores() string {
	if s.phase == phaseStart {
		return "-"
	}
	var parts []string
	for _, t := range scoreList {
		for k := uint8(0); k < s.scores[t]; k++ {
			parts = append(parts, strconv.Itoa(int(t)))
		}
	}
	out := strings.Join(parts, ",")
	if s.phase == phaseThrowing {
		out += "+"
	}
	return out
}

// parse reads a position in notation and checks that play could have reached it.
func parse(text string) (*state, error) {
	s, err := parseFields(text)
	if err != nil {
		return nil, fmt.Errorf("tab: position %s: %w", games.Quote(text), err)
	}
	return s, nil
}

func parseFields(text string) (*state, error) {
	f := strings.Fields(text)
	if len(f) != 5 {
		return nil, badPos("want 5 fields (board, player, scores, t10, quiet turns), got %d", len(f))
	}
	s, err := parseBoard(f[0])
	if err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
	case "b":
		s.turn = 1
	default:
		return nil, badPos("player %s is not w or b", games.Quote(f[1]))
	}
	if err := s.parseScores(f[2]); err != nil {
		return nil, err
	}
	if err := s.parseOpening(f[3]); err != nil {
		return nil, err
	}
	return s, s.parseQuiet(f[4])
}

// badPos says what is wrong with a position; parse adds the position itself.
func badPos(format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), games.ErrBadNotation)
}

// parseBoard reads the board field: four rows, d first.
func parseBoard(field string) (*state, error) {
	rows := strings.Split(field, "/")
	if len(rows) != 4 {
		return nil, badPos("want 4 rows separated by /, got %d", len(rows))
	}
	var cells [4][maxWidth]stack
	var widths [4]int
	for k, row := range rows {
		var err error
		if widths[3-k], err = parseRow(row, &cells[3-k]); err != nil {
			return nil, err
		}
	}
	w := widths[0]
	for r, n := range widths {
		if n != w {
			return nil, badPos("row %c has %d cells, row a has %d", 'a'+r, n, w)
		}
	}
	if !validWidth(w) {
		return nil, badPos("width %d: a board is 7 to 29 cells wide, odd (T1)", w)
	}
	s := &state{g: geoms[w]}
	for r := range cells {
		for x, st := range cells[r][:w] {
			if st.n > 0 {
				s.put(r*w+x, st)
				s.total[st.owner] += st.n
			}
		}
	}
	return s, s.checkBoard()
}

// parseRow reads one row into out and returns its number of cells.
func parseRow(row string, out *[maxWidth]stack) (int, error) {
	n := 0
	for i := 0; i < len(row); {
		var st stack
		run, j := 1, i+1
		switch c := row[i]; {
		case c == '0':
			return 0, badPos("a row counts its empty cells from 1: %s has a 0", games.Quote(row))
		case c >= '1' && c <= '9':
			for j < len(row) && row[j] >= '0' && row[j] <= '9' {
				j++
			}
			run, _ = strconv.Atoi(row[i:j])
		case c == '(':
			k := strings.IndexByte(row[i:], ')')
			if k < 0 {
				return 0, badPos("( without )")
			}
			j = i + k + 1
		}
		if run > maxWidth-n {
			return 0, badPos("more than %d cells in a row", maxWidth)
		}
		if run == 1 && (row[i] < '0' || row[i] > '9') {
			var err error
			letters := row[i:j]
			if row[i] == '(' {
				letters = row[i+1 : j-1]
			}
			if st, err = parseStack(letters, row[i] == '('); err != nil {
				return 0, err
			}
			out[n] = st
		}
		n, i = n+run, j
	}
	return n, nil
}

// parseStack reads the letters of one cell, bottom first: a single letter, or two
// or more of one player in parentheses, none of them a Christian (T4).
func parseStack(letters string, paren bool) (stack, error) {
	var st stack
	if paren && len(letters) < 2 {
		return st, badPos("parentheses hold a stack of two or more pieces; write a single piece without them")
	}
	if len(letters) > maxWidth {
		return st, badPos("a stack of more than %d pieces", maxWidth)
	}
	for k := 0; k < len(letters); k++ {
		owner, kind := pieceLetter(letters[k])
		if kind < 0 {
			return st, badPos("%q is not a piece (C M F white, c m f black) or empty-run number", letters[k])
		}
		if k > 0 && owner != st.owner {
			return st, badPos("a stack holds pieces of one player only (T7)")
		}
		if kind == 0 && paren {
			return st, badPos("Christians are never stacked (T4)")
		}
		st.owner, st.christ = owner, kind == 0
		st.flip |= uint32(kind>>1) << k
	}
	st.n = uint8(len(letters))
	return st, nil
}

// pieceLetter returns the owner and kind of a piece letter; kind -1 if it is none.
func pieceLetter(c byte) (owner uint8, kind int) {
	for o, letters := range pieceLetters {
		if k := strings.IndexByte(letters, c); k >= 0 {
			return uint8(o), k
		}
	}
	return 0, -1
}

// checkBoard rejects boards play cannot reach: too many pieces (T1), a piece in a
// row its kind never stands in (T4, T8, T3), a moved piece behind a Christian.
func (s *state) checkBoard() error {
	g := s.g
	for p := uint8(0); p < 2; p++ {
		if int(s.total[p]) > g.w {
			return badPos("%s has %d pieces, more than the %d a %d-wide board starts with (T1)", playerName(p), s.total[p], g.w, g.w)
		}
		// Christians move rightmost first (T4), and moved pieces only go on.
		if s.homeMovedBelow(p) {
			return badPos("a moved %s piece stands behind a %s Christian or on the first cell of its path, which play cannot reach (T4)", playerName(p), playerName(p))
		}
	}
	for c := 0; c < g.n; c++ {
		if err := s.checkCell(c); err != nil {
			return err
		}
	}
	return nil
}

// homeMovedBelow reports a moved piece of p on its home row behind a Christian, or
// on the first cell of its path, where no move can bring it.
func (s *state) homeMovedBelow(p uint8) bool {
	for i := 0; i < s.g.w; i++ {
		st := s.cells[s.g.cell[p][i]]
		if st.n > 0 && st.owner == p && !st.christ && (i == 0 || s.christ[p]>>i != 0) {
			return true
		}
	}
	return false
}

// checkCell checks the kinds of the pieces on cell c against its row: a player's
// home row holds only its Christians and moved pieces that never left it (T3),
// rows 2 and 3 no Christians, row 4 only flipped pieces (T8: entering flips).
func (s *state) checkCell(c int) error {
	st := s.cells[c]
	if st.n == 0 {
		return nil
	}
	row := s.g.row(s.g.idx[st.owner][c])
	all := uint32(1)<<st.n - 1
	switch {
	case row == 1 && st.flip != 0:
		return badPos("flipped %s piece on %v, its own home row, which it never re-enters (T3)", playerName(st.owner), cellAt(s.g.w, c))
	case row > 1 && st.christ:
		return badPos("%s Christian on %v, off its home row (T4)", playerName(st.owner), cellAt(s.g.w, c))
	case row == 4 && st.flip != all:
		return badPos("unflipped %s piece on %v, in row 4, which flips every piece entering it (T8)", playerName(st.owner), cellAt(s.g.w, c))
	}
	return nil
}

func playerName(p uint8) string { return [2]string{"white", "black"}[p] }

// parseScores reads the scores field (see the notation above).
func (s *state) parseScores(f string) error {
	if f == "-" {
		return nil
	}
	s.phase = phaseMoving
	if list, ok := strings.CutSuffix(f, "+"); ok {
		s.phase, f = phaseThrowing, list
	}
	if f == "" {
		return nil // "+": void throws of T10, checked with the t10 field
	}
	stops := 0
	for _, part := range strings.Split(f, ",") {
		t, err := readScore(part, f)
		if err != nil {
			return badPos("%s is not a Tab score (1, 2, 3, 4 or 6)", games.Quote(part))
		}
		if s.phase == phaseThrowing && (t == 2 || t == 3) {
			return badPos("throwing stops at a 2 or 3 (T2), so %q cannot go on with +", f)
		}
		if t == 2 || t == 3 {
			if stops++; stops > 1 {
				return badPos("a turn's throwing stops at its first 2 or 3 (T2), so no turn holds the scores %s", games.Quote(f))
			}
		}
		if s.nscores == maxScores {
			return badPos("more than %d scores", maxScores)
		}
		s.addScore(uint8(t))
	}
	return nil
}

// parseOpening reads the t10 field: only the start, before white's first 1, is in
// the opening (T10), and only the opening has void throws ("+").
func (s *state) parseOpening(f string) error {
	switch f {
	case "-":
		if s.phase == phaseThrowing && s.nscores == 0 {
			return badPos("scores + (void throws) come only before the game's first 1 (T10)")
		}
		return nil
	case "t10":
	default:
		return badPos("the T10 field is t10 (the game's first 1 has not come) or -")
	}
	s.opening = true
	if s.phase == phaseMoving || s.nscores > 0 || s.turn != 0 || !s.isStart() {
		return badPos("t10 (waiting for the game's first 1) needs the start position, white to throw and no score kept")
	}
	return nil
}

// isStart reports whether the board is the start: every piece a Christian on its
// home row (T1).
func (s *state) isStart() bool {
	full := uint32(1)<<s.g.w - 1
	return s.christ[0] == full && s.christ[1] == full && int(s.total[0]+s.total[1]) == 2*s.g.w
}

// parseQuiet reads the quiet-turn count (T12), or x.
func (s *state) parseQuiet(f string) error {
	if f == "x" {
		if s.phase != phaseMoving {
			return badPos("x (a piece has left the board this turn) needs a turn that is moving")
		}
		s.departed = true
		return nil
	}
	n, err := strconv.Atoi(f)
	if err != nil || n < 0 || n > s.quietLimit() || strconv.Itoa(n) != f {
		return badPos("the quiet-turn count is a number 0 to %d (T12) or x", s.quietLimit())
	}
	s.quiet = uint16(n)
	return nil
}
