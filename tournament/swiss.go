package tournament

import (
	"cmp"
	"slices"
)

// PairSwiss pairs the next Swiss round of players (in seed order: the
// strongest first) given what was played. It is a simpler system than the
// FIDE Dutch one, and documented here:
//
//  1. Rank players by points, then seed.
//  2. With an odd count, the lowest-ranked player who has not had a bye gets
//     it (the next one up if the rest then cannot be paired); nobody rests
//     twice.
//  3. Pair from the top: the best unpaired player meets the next-ranked
//     player they have not met yet, backtracking when that would leave the
//     rest impossible to pair; so players meet those on equal or near points.
//  4. Who moves first: the one who has moved first less often; on a tie, the
//     one who moved second in their last game; else the higher-ranked.
//
// It fails with ErrNoPairing when every pairing would repeat a game or give
// someone a second bye; the tournament then ends early (see MaxSwissRounds).
func PairSwiss(players []string, played []Played) ([]Pair, error) {
	h := newHistory(played)
	ranked := append([]string(nil), players...)
	seed := map[string]int{}
	for i, p := range players {
		seed[p] = i
	}
	slices.SortStableFunc(ranked, func(a, b string) int {
		return cmp.Or(cmp.Compare(h.points[b], h.points[a]), cmp.Compare(seed[a], seed[b]))
	})
	for _, bye := range byeCandidates(ranked, h) {
		rest := ranked
		if bye != "" {
			rest = slices.DeleteFunc(slices.Clone(ranked), func(p string) bool { return p == bye })
		}
		budget := pairingBudget
		if pairs, ok := pairDown(rest, h, &budget); ok {
			for i, p := range pairs {
				pairs[i] = h.sides(p)
			}
			if bye != "" {
				pairs = append(pairs, Pair{First: bye})
			}
			return pairs, nil
		}
	}
	return nil, ErrNoPairing
}

// byeCandidates are who may rest, in order of preference: "" alone for an
// even count.
func byeCandidates(ranked []string, h *history) []string {
	if len(ranked)%2 == 0 {
		return []string{""}
	}
	var fresh []string
	for i := len(ranked) - 1; i >= 0; i-- {
		if h.byes[ranked[i]] == 0 {
			fresh = append(fresh, ranked[i])
		}
	}
	return fresh
}

// pairingBudget bounds the pairings pairDown tries for one bye: the store
// pairs a round inside a write transaction, which must stay short. Within
// MaxSwissRounds it is never reached in the tests' thousands of tournaments;
// past it the round counts as impossible to pair, and the tournament ends.
const pairingBudget = 20000

// pairDown pairs ranked (an even count) from the top, with no rematch,
// trying at most *budget pairings.
func pairDown(ranked []string, h *history, budget *int) ([]Pair, bool) {
	if len(ranked) == 0 {
		return nil, true
	}
	top := ranked[0]
	for i := 1; i < len(ranked); i++ {
		if h.met[meeting(top, ranked[i])] {
			continue
		}
		if *budget--; *budget < 0 {
			return nil, false
		}
		rest := append(slices.Clone(ranked[1:i]), ranked[i+1:]...)
		if pairs, ok := pairDown(rest, h, budget); ok {
			return append([]Pair{{top, ranked[i]}}, pairs...), true
		}
	}
	return nil, false
}

// history is what the pairing needs to know of the games played.
type history struct {
	points map[string]float64
	byes   map[string]int
	firsts map[string]int // games moved first minus games moved second
	last   map[string]int // +1 moved first in their last game, -1 second
	met    map[[2]string]bool
}

func newHistory(played []Played) *history {
	h := &history{points: map[string]float64{}, byes: map[string]int{}, firsts: map[string]int{},
		last: map[string]int{}, met: map[[2]string]bool{}}
	for _, p := range played {
		a, b := p.points(Swiss)
		h.points[p.Pair.First] += a
		if p.Pair.Bye() {
			h.byes[p.Pair.First]++
			continue
		}
		h.points[p.Pair.Second] += b
		h.met[meeting(p.Pair.First, p.Pair.Second)] = true
		h.firsts[p.Pair.First]++
		h.firsts[p.Pair.Second]--
		h.last[p.Pair.First], h.last[p.Pair.Second] = 1, -1
	}
	return h
}

// sides puts first the player of p (higher-ranked first) who should move first.
func (h *history) sides(p Pair) Pair {
	a, b := p.First, p.Second
	switch {
	case h.firsts[b] < h.firsts[a], h.firsts[b] == h.firsts[a] && h.last[b] < h.last[a]:
		return Pair{b, a}
	}
	return p
}

// meeting is a pair's key, whoever moved first.
func meeting(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}
