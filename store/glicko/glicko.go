package glicko

import "math"

// The parameters Kilab plays with (the storage issue): a new player's rating,
// deviation and volatility, the system constant tau, and the deviation at or
// above which a rating is shown as provisional (Lichess uses 110 as well).
const (
	DefaultRating        = 1500.0
	DefaultDeviation     = 350.0
	DefaultVolatility    = 0.06
	Tau                  = 0.5
	ProvisionalDeviation = 110.0
)

// Scores of one game from one player's side.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

const (
	// scale converts between the Glicko scale players see and the Glicko-2
	// scale the computation runs on (step 2).
	scale = 173.7178
	// epsilon is the convergence tolerance of step 5, as in the paper.
	epsilon = 0.000001
)

// Rating is a player's strength on the Glicko scale players see.
type Rating struct {
	Rating     float64 // r
	Deviation  float64 // RD
	Volatility float64 // sigma
}

// New returns the rating of a player who has not played yet.
func New() Rating {
	return Rating{DefaultRating, DefaultDeviation, DefaultVolatility}
}

// Provisional reports whether the rating is still too uncertain to rank on.
func (r Rating) Provisional() bool { return r.Deviation >= ProvisionalDeviation }

// Result is one game of a rating period: the opponent's rating before the period
// and the score (Win, Draw or Loss) from the rated player's side.
type Result struct {
	Opponent Rating
	Score    float64
}

// Game rates a single game between a and b as its own rating period, scoreA being
// a's score. Both updates use the ratings from before the game.
func Game(a, b Rating, scoreA float64) (Rating, Rating) {
	return Update(a, []Result{{b, scoreA}}, Tau), Update(b, []Result{{a, 1 - scoreA}}, Tau)
}

// Update returns r after one rating period with the given results and system
// constant tau. A period without games only widens the deviation (the paper's
// step 6 applied alone).
func Update(r Rating, results []Result, tau float64) Rating {
	mu, phi := toGlicko2(r)
	if len(results) == 0 {
		return fromGlicko2(mu, math.Sqrt(phi*phi+r.Volatility*r.Volatility), r.Volatility)
	}
	var vInv, sum float64 // step 3's 1/v and step 4's sum
	for _, res := range results {
		muJ, phiJ := toGlicko2(res.Opponent)
		gJ := g(phiJ)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := volatility(delta, phi, v, r.Volatility, tau)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)      // step 6
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v) // step 7
	return fromGlicko2(mu+phiNew*phiNew*sum, phiNew, sigma)
}

func toGlicko2(r Rating) (mu, phi float64) {
	return (r.Rating - DefaultRating) / scale, r.Deviation / scale
}

func fromGlicko2(mu, phi, sigma float64) Rating {
	return Rating{mu*scale + DefaultRating, phi * scale, sigma}
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// volatility is step 5: the new sigma found by the Illinois algorithm on f.
// NaN inputs end both loops at once (every comparison with NaN is false), so bad
// data gives a NaN rating rather than a hang.
func volatility(delta, phi, v, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
