package tournament

// Schedule is a round robin's rounds among players, by the circle method
// (the Berger tables): the first player stays put while the others turn
// round them one place a round, so every pair meets exactly once in
// len(players)-1 rounds (one more, with a rest each, for an odd count). Who
// moves first alternates, so everyone moves first in about half their games.
// With double, the schedule is played again with the sides swapped: every
// pair meets twice, each side once.
func Schedule(players []string, double bool) [][]Pair {
	ring := append([]string(nil), players...)
	if len(ring)%2 == 1 {
		ring = append(ring, "") // the rest
	}
	n := len(ring)
	if n < 2 {
		return nil
	}
	var rounds [][]Pair
	for r := 0; r < n-1; r++ {
		rounds = append(rounds, circleRound(ring, r))
		// Turn every place but the first one step.
		last := ring[n-1]
		copy(ring[2:], ring[1:n-1])
		ring[1] = last
	}
	if double {
		for _, round := range rounds[:n-1] {
			rounds = append(rounds, swapped(round))
		}
	}
	return rounds
}

// circleRound pairs the ring's places face to face: 0 with n-1, 1 with n-2...
func circleRound(ring []string, r int) []Pair {
	n := len(ring)
	var round []Pair
	for i := 0; i < n/2; i++ {
		// A player moves one place a round, so the table's parity alternates
		// their side; the first player, who stays put, alternates by round.
		a, b := ring[i], ring[n-1-i]
		if (i == 0 && r%2 == 1) || i%2 == 1 {
			a, b = b, a
		}
		round = append(round, restLast(Pair{a, b}))
	}
	return round
}

// restLast writes a rest as a bye: the player in First.
func restLast(p Pair) Pair {
	if p.First == "" {
		return Pair{p.Second, ""}
	}
	return p
}

func swapped(round []Pair) []Pair {
	out := make([]Pair, len(round))
	for i, p := range round {
		if p.Bye() {
			out[i] = p
		} else {
			out[i] = Pair{p.Second, p.First}
		}
	}
	return out
}
