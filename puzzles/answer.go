package puzzles

import (
	"fmt"
	"math"
	"strconv"

	"kilab/games"
	"kilab/lang"
)

// Said is what a player is told of an answer to a puzzle, in their words:
// whether it was right and which move was best, then what every move is
// worth, best first, and, where some move wins or loses pieces, what the
// brackets after each move's chance mean (Gains; empty otherwise).
type Said struct {
	Verdict, Head string
	Values        []string
	Gains         string
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
	// A puzzle of material is often set where the mover already wins
	// whatever it plays: every chance then reads near 100%, and only the
	// pieces each move wins tell the answer from the rest.
	gains := hasGains(p)
	if gains {
		s.Gains = l.T("puzzle.gains")
	}
	for _, v := range p.Moves {
		chance := fmt.Sprintf("%.1f%%", 100*v.Chance)
		if !gains {
			s.Values = append(s.Values, say(v.Move)+": "+chance)
			continue
		}
		signed, size := gainWords(v.Gain)
		s.Values = append(s.Values, l.Nd("puzzle.value_gain", size, "Move", say(v.Move), "Chance", chance, "Gain", signed))
	}
	return s
}

// hasGains reports whether some move of p wins or loses pieces, to a
// tenth: Tab's and Seega's puzzles where the deep search found a gain (a
// puzzle of material, or found by chance where moves also win pieces);
// Aseb's have none.
func hasGains(p Puzzle) bool {
	for _, v := range p.Moves {
		if gainSize(v.Gain) != "0" {
			return true
		}
	}
	return false
}

// gainWords writes a gain of pieces to a tenth, signed ("+2", "−0.5",
// "0"), and its size unsigned, which picks the plural form.
func gainWords(g float64) (signed, size string) {
	size = gainSize(g)
	switch {
	case size == "0":
		return size, size
	case g > 0:
		return "+" + size, size
	default:
		return "−" + size, size
	}
}

// gainSize is the size of g to a tenth: "2", "0.5".
func gainSize(g float64) string {
	return strconv.FormatFloat(math.Round(math.Abs(g)*10)/10, 'f', -1, 64)
}
