package glicko

import (
	"math"
	"math/rand/v2"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s = %.6f, want %.6f (within %g)", what, got, want, tol)
	}
}

// The worked example of Glickman's paper: a 1500/200 player beats a 1400/30
// player and loses to 1550/100 and 1700/300 players in one period. The paper
// prints r' = 1464.06, RD' = 151.52, sigma' = 0.05999, having rounded mu' to
// -0.2069 on the way; computed without rounding the values are 1464.0507,
// 151.5165 and 0.059996, which is what is pinned here as well.
func TestPaperExample(t *testing.T) {
	player := Rating{1500, 200, 0.06}
	results := []Result{
		{Rating{1400, 30, 0.06}, Win},
		{Rating{1550, 100, 0.06}, Loss},
		{Rating{1700, 300, 0.06}, Loss},
	}
	got := Update(player, results, 0.5)
	near(t, "rating (paper)", got.Rating, 1464.06, 0.01)
	near(t, "deviation (paper)", got.Deviation, 151.52, 0.005)
	near(t, "volatility (paper)", got.Volatility, 0.05999, 0.00001)
	mu, phi := toGlicko2(got)
	near(t, "mu' (paper, 4 places)", mu, -0.2069, 0.00005)
	near(t, "phi' (paper, 4 places)", phi, 0.8722, 0.00005)
	near(t, "rating (exact)", got.Rating, 1464.0507, 0.0001)
	near(t, "deviation (exact)", got.Deviation, 151.5165, 0.0001)
	near(t, "volatility (exact)", got.Volatility, 0.059996, 0.000001)
}

// Step 6 alone: a period without games widens the deviation by the volatility.
func TestEmptyPeriod(t *testing.T) {
	r := Rating{1500, 200, 0.06}
	got := Update(r, nil, Tau)
	want := math.Sqrt(math.Pow(200/scale, 2)+0.06*0.06) * scale
	near(t, "deviation", got.Deviation, want, 1e-9)
	near(t, "rating", got.Rating, 1500, 0)
	near(t, "volatility", got.Volatility, 0.06, 0)
}

func TestGameBetweenNewPlayers(t *testing.T) {
	a, b := Game(New(), New(), Win)
	if a.Rating <= DefaultRating || b.Rating >= DefaultRating {
		t.Fatalf("winner %.2f, loser %.2f: want the winner up and the loser down", a.Rating, b.Rating)
	}
	// Equal ratings and deviations: what one gains the other loses.
	near(t, "gain+loss", (a.Rating-DefaultRating)+(b.Rating-DefaultRating), 0, 1e-9)
	near(t, "deviations", a.Deviation, b.Deviation, 1e-9)
	if a.Deviation >= DefaultDeviation || !a.Provisional() {
		t.Errorf("deviation %.2f after one game: want below %v and still provisional", a.Deviation, DefaultDeviation)
	}
	d1, d2 := Game(New(), New(), Draw)
	near(t, "draw rating a", d1.Rating, DefaultRating, 1e-9)
	near(t, "draw rating b", d2.Rating, DefaultRating, 1e-9)
}

// A player who keeps playing settles below the provisional deviation.
func TestProvisionalEnds(t *testing.T) {
	r, opp := New(), New()
	n := 0
	for ; r.Provisional() && n < 100; n++ {
		r, opp = Game(r, opp, float64(n%2))
	}
	if r.Provisional() || n < 5 || n > 40 {
		t.Fatalf("provisional for %d games (deviation now %.1f): want between 5 and 40", n, r.Deviation)
	}
}

// Whatever the inputs, the volatility returned must be a root of the paper's f,
// both where B starts at ln(delta^2-phi^2-v) and where it is found by stepping.
func TestVolatilityIsRootOfF(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	branches := [2]int{}
	for i := 0; i < 2000; i++ {
		phi := (30 + rng.Float64()*320) / scale
		v := 0.2 + rng.Float64()*20
		delta := (rng.Float64()*2 - 1) * 6
		sigma := 0.03 + rng.Float64()*0.1
		if delta*delta > phi*phi+v {
			branches[0]++
		} else {
			branches[1]++
		}
		got := volatility(delta, phi, v, sigma, Tau)
		x, a := math.Log(got*got), math.Log(sigma*sigma)
		ex := math.Exp(x)
		d := phi*phi + v + ex
		f := ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
		// x is within epsilon of the root and f's slope there is about -1/tau^2.
		if math.Abs(f) > 1e-4 || math.IsNaN(f) {
			t.Fatalf("delta %.3f phi %.3f v %.3f sigma %.4f: sigma' %.6f leaves f = %g", delta, phi, v, sigma, got, f)
		}
	}
	if branches[0] == 0 || branches[1] == 0 {
		t.Fatalf("both starting branches of step 5 must be exercised, got %v", branches)
	}
}

func TestNaNDoesNotHang(t *testing.T) {
	got := Update(Rating{math.NaN(), 200, 0.06}, []Result{{New(), Win}}, Tau)
	if !math.IsNaN(got.Rating) {
		t.Fatalf("rating from NaN input = %v, want NaN", got.Rating)
	}
}

func BenchmarkGame(b *testing.B) {
	a, o := New(), Rating{1600, 80, 0.06}
	for b.Loop() {
		Game(a, o, Win)
	}
}
