package tab

import (
	"strconv"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// Move is a Tab move as the notation writes it (docs/notation.md):
//
//	3b5-b8   a 3 moves the piece or stack on b5 to b8
//	1c7^c8   a 1 moves only the top piece of the stack on c7, to c8 (T5)
//	pass3    T6: the 3 is given up instead of reducing a stack
//	pass     the scores left have no legal move and are lost (T11, D5)
//
// The destination also tells which way a move took at the end of row 3 (T3).
type Move struct {
	Score    int  // 1, 2, 3, 4 or 6; 0 for the end-of-turn pass
	Pass     bool // a pass: of Score (T6), or of the rest of the turn when Score is 0
	Split    bool // only the top piece of the stack moves (T5)
	From, To Cell // where the piece or stack starts and lands; zero for a pass
}

// String gives the move in notation. It never holds ':', ',' or white space, so it
// fits in a record token (games.Ply).
func (m Move) String() string {
	switch {
	case m.Pass && m.Score == 0:
		return "pass"
	case m.Pass:
		return "pass" + strconv.Itoa(m.Score)
	case m.Split:
		return strconv.Itoa(m.Score) + m.From.String() + "^" + m.To.String()
	}
	return strconv.Itoa(m.Score) + m.From.String() + "-" + m.To.String()
}

// ParseMove reads a move in notation; ParseMove(m.String()) gives m back. Whether
// the move is legal, or even on the board, is for a position to say.
func ParseMove(s string) (Move, error) {
	if rest, ok := strings.CutPrefix(s, "pass"); ok {
		if rest == "" {
			return Move{Pass: true}, nil
		}
		t, err := readScore(rest, s)
		return Move{Pass: true, Score: t}, err
	}
	if len(s) < 6 {
		return Move{}, badMove(s)
	}
	t, err := readScore(s[:1], s)
	if err != nil {
		return Move{}, err
	}
	from, rest, err := readCell(s[1:])
	if err != nil || rest == "" || rest[0] != '-' && rest[0] != '^' {
		return Move{}, badMove(s)
	}
	to, err := ParseCell(rest[1:])
	if err != nil {
		return Move{}, badMove(s)
	}
	return Move{Score: t, From: from, To: to, Split: rest[0] == '^'}, nil
}

func badMove(s string) error {
	return refused(lang.Wrap(games.ErrBadNotation, "tab.why.bad_move", "Move", games.Quote(s)))
}

// readScore reads one Tab score (T2) from s, which move names for the message.
func readScore(s, move string) (int, error) {
	if len(s) != 1 || !strings.Contains("12346", s) {
		return 0, refused(lang.Wrap(games.ErrBadNotation, "tab.why.bad_score", "Score", games.Quote(s), "Move", games.Quote(move)))
	}
	return int(s[0] - '0'), nil
}

// moveOf writes engine move m, made on a board of width w, as a Move.
func moveOf(w int, m act) Move {
	if m&actPass != 0 {
		return Move{Pass: true, Score: int(m.score())}
	}
	return Move{
		Score: int(m.score()),
		Split: m&actSplit != 0,
		From:  cellAt(w, m.from()),
		To:    cellAt(w, m.to()),
	}
}
