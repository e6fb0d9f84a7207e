package tournament

import (
	"cmp"
	"slices"
)

// Standing is one player's line in the standings.
type Standing struct {
	Rank     int // shared by players level on points and tie-break
	Player   string
	Points   float64
	TieBreak float64 // Sonneborn-Berger (round robin) or Buchholz (Swiss)
	Won      int     // a Swiss bye, which scores a win, counts as one
	Drawn    int
	Lost     int
	Byes     int
}

// Games is how many games the player had: forfeits and Swiss byes included.
func (s Standing) Games() int { return s.Won + s.Drawn + s.Lost }

// Standings ranks players (in seed order) by points, then the format's
// tie-break, then seed, from what was played.
func Standings(f Format, players []string, played []Played) []Standing {
	by := map[string]*Standing{}
	rows := make([]Standing, len(players))
	for i, p := range players {
		rows[i].Player = p
		by[p] = &rows[i]
	}
	for _, p := range played {
		tally(f, by, p)
	}
	for _, p := range played {
		tieBreak(f, by, p)
	}
	seed := map[string]int{}
	for i, p := range players {
		seed[p] = i
	}
	slices.SortStableFunc(rows, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.TieBreak, a.TieBreak), cmp.Compare(seed[a.Player], seed[b.Player]))
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Points == rows[i-1].Points && rows[i].TieBreak == rows[i-1].TieBreak {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows
}

// Winners are the players ranked first in st: more than one when they are
// level on points and tie-break.
func Winners(st []Standing) []string {
	var out []string
	for _, s := range st {
		if s.Rank == 1 {
			out = append(out, s.Player)
		}
	}
	return out
}

// tally adds p's points and its win, draw, loss or bye to its players' rows.
// Players not in the list (none, in a well-kept tournament) are left out.
func tally(f Format, by map[string]*Standing, p Played) {
	a, b := p.points(f)
	first, second := by[p.Pair.First], by[p.Pair.Second]
	if first != nil {
		first.Points += a
	}
	if p.Pair.Bye() {
		if first != nil {
			first.Byes++
			if a == 1 {
				first.Won++
			}
		}
		return
	}
	if second != nil {
		second.Points += b
	}
	count(first, a)
	count(second, b)
}

func count(s *Standing, pts float64) {
	switch {
	case s == nil:
	case pts == 1:
		s.Won++
	case pts == 0.5:
		s.Drawn++
	default:
		s.Lost++
	}
}

// tieBreak adds what p gives each side's tie-break, once every point is
// counted: in a Swiss each opponent's points (Buchholz); in a round robin
// the points of an opponent beaten, and half those of one drawn with
// (Sonneborn-Berger).
func tieBreak(f Format, by map[string]*Standing, p Played) {
	if p.Pair.Bye() {
		return
	}
	first, second := by[p.Pair.First], by[p.Pair.Second]
	if first == nil || second == nil {
		return
	}
	a, b := p.points(f)
	if f == Swiss {
		first.TieBreak += second.Points
		second.TieBreak += first.Points
		return
	}
	first.TieBreak += a * second.Points
	second.TieBreak += b * first.Points
}
