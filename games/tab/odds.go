package tab

import "kilab/games"

// TurnOdds returns, for each Tab score, the exact chance that a turn's throws hold
// it at least once, for /rules (D4). A turn throws until its first 2 or 3 (T2), so
// a 2 or 3 ends it with its share of the stopping throws, and a 1, 4 or 6 is in it
// when it comes before the stop: p(s) / (p(s) + p(2) + p(3)).
func TurnOdds() []games.Odds {
	var num [7]int // out of 16: the sticks' odds share one denominator (D1)
	for _, o := range games.TabSticks.Odds() {
		num[o.Throw] = o.Num
	}
	stop := num[2] + num[3]
	out := make([]games.Odds, 0, len(scoreList))
	for _, s := range scoreList {
		n, d := num[s], num[s]+stop
		if s == 2 || s == 3 {
			d = stop
		}
		g := gcd(n, d)
		out = append(out, games.Odds{Throw: games.Throw(s), Num: n / g, Den: d / g})
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
