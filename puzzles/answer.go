package puzzles

import (
	"fmt"

	"kilab/games"
	"kilab/lang"
)

// Said is what a player is told of an answer to a puzzle, in their words:
// whether it was right and which move was best, then what every move is
// worth, best first.
type Said struct {
	Verdict, Head string
	Values        []string
}

// Answer says, in l, how played answers p, whose position is pos.
func Answer(l *lang.Lang, pos games.Position, p Puzzle, played string) Said {
	say := func(m string) string { return games.Label(l, pos, m) }
	s := Said{Verdict: l.T("puzzle.wrong", "Played", say(played), "Best", say(p.Best)), Head: l.T("puzzle.values_estimate")}
	if played == p.Best {
		s.Verdict = l.T("puzzle.right", "Best", say(p.Best))
	}
	switch {
	case p.Exact:
		s.Head = l.T("puzzle.values_exact")
	case p.Calibrated:
		s.Head = l.T("puzzle.values_calibrated")
	}
	for _, v := range p.Moves {
		s.Values = append(s.Values, fmt.Sprintf("%s: %.1f%%", say(v.Move), 100*v.Chance))
	}
	return s
}
