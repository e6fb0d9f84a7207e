package games

import (
	"reflect"
	"testing"
)

// chiSquare returns the statistic of observed counts against expected
// probabilities num[i]/den over n draws.
func chiSquare(observed []int, num []int, den, n int) float64 {
	var x float64
	for i, o := range observed {
		e := float64(n) * float64(num[i]) / float64(den)
		d := float64(o) - e
		x += d * d / e
	}
	return x
}

// Critical values of the chi-square distribution at p = 0.001. The sources are
// seeded, so a test either always passes or always fails; the bound is loose
// enough for any fair implementation and far too tight for a biased one (a
// uniform 0-4 gives a statistic in the tens of thousands over 160,000 draws).
const (
	chi2df4 = 18.467
	chi2df3 = 16.266
)

func TestD1_SticksDistribution(t *testing.T) {
	const n = 160_000
	src := Seeded(1)
	counts := make([]int, 5)
	for range n {
		th := Sticks.Draw(src)
		if th < 0 || th > 4 {
			t.Fatalf("Sticks.Draw gave %d, want 0-4", th)
		}
		counts[th]++
	}
	if x := chiSquare(counts, []int{1, 4, 6, 4, 1}, 16, n); x > chi2df4 {
		t.Errorf("Sticks counts for 0-4 = %v over %d draws: chi-square %.1f > %.1f; want C(4,k)/16 (D1)", counts, n, x, chi2df4)
	}
}

func TestD1_TabSticksDistribution(t *testing.T) {
	const n = 160_000
	src := Seeded(2)
	idx := map[Throw]int{1: 0, 2: 1, 3: 2, 4: 3, 6: 4}
	counts := make([]int, 5)
	for range n {
		th := TabSticks.Draw(src)
		i, ok := idx[th]
		if !ok {
			t.Fatalf("TabSticks.Draw gave %d, want 1, 2, 3, 4 or 6", th)
		}
		counts[i]++
	}
	// 1-4 flat sides score 1-4; no flat side (1/16) scores 6 (T2).
	if x := chiSquare(counts, []int{4, 6, 4, 1, 1}, 16, n); x > chi2df4 {
		t.Errorf("TabSticks counts for 1,2,3,4,6 = %v: chi-square %.1f > %.1f", counts, x, chi2df4)
	}
}

func TestD2_D4Uniform(t *testing.T) {
	const n = 160_000
	src := Seeded(3)
	counts := make([]int, 4)
	for range n {
		th := D4.Draw(src)
		if th < 1 || th > 4 {
			t.Fatalf("D4.Draw gave %d, want 1-4", th)
		}
		counts[th-1]++
	}
	if x := chiSquare(counts, []int{1, 1, 1, 1}, 4, n); x > chi2df3 {
		t.Errorf("D4 counts for 1-4 = %v: chi-square %.1f > %.1f", counts, x, chi2df3)
	}
}

// The four sticks are independent (D1): consecutive throws are not correlated.
// Pairs of consecutive Sticks throws should follow the product distribution.
func TestD1_SticksConsecutiveThrowsIndependent(t *testing.T) {
	const n = 80_000
	src := Seeded(4)
	w := []int{1, 4, 6, 4, 1}
	var counts, num []int
	pairs := make([]int, 25)
	for range n {
		a, b := Sticks.Draw(src), Sticks.Draw(src)
		pairs[int(a)*5+int(b)]++
	}
	for a := range 5 {
		for b := range 5 {
			counts = append(counts, pairs[a*5+b])
			num = append(num, w[a]*w[b])
		}
	}
	// 24 degrees of freedom: critical value at p = 0.001 is 51.18.
	if x := chiSquare(counts, num, 256, n); x > 51.18 {
		t.Errorf("pairs of consecutive throws: chi-square %.1f > 51.18; throws are not independent", x)
	}
}

func TestD1_Odds(t *testing.T) {
	tests := []struct {
		d    Dice
		want []Odds
	}{
		{Sticks, []Odds{{0, 1, 16}, {1, 4, 16}, {2, 6, 16}, {3, 4, 16}, {4, 1, 16}}},
		// T2: no flat side scores 6, listed last as the highest score.
		{TabSticks, []Odds{{1, 4, 16}, {2, 6, 16}, {3, 4, 16}, {4, 1, 16}, {6, 1, 16}}},
		{D4, []Odds{{1, 1, 4}, {2, 1, 4}, {3, 1, 4}, {4, 1, 4}}},
		{NoDice, nil},
	}
	for _, tt := range tests {
		got := tt.d.Odds()
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%v.Odds() = %v, want %v", tt.d, got, tt.want)
		}
		for _, o := range got {
			if !tt.d.Valid(o.Throw) {
				t.Errorf("%v.Odds() lists %d, which Valid rejects", tt.d, o.Throw)
			}
		}
	}
}

// The odds of a dice are a fresh slice: a caller that edits one (to format it)
// does not change what the next caller sees.
func TestOddsNotShared(t *testing.T) {
	for _, d := range []Dice{Sticks, TabSticks, D4} {
		a := d.Odds()
		a[0].Num = 99
		if b := d.Odds(); b[0].Num == 99 {
			t.Errorf("%v.Odds() returns a shared slice", d)
		}
	}
}

func TestValid(t *testing.T) {
	want := map[Dice][]Throw{
		Sticks:    {0, 1, 2, 3, 4},
		TabSticks: {1, 2, 3, 4, 6},
		D4:        {1, 2, 3, 4},
		NoDice:    nil,
	}
	for d, valid := range want {
		for th := Throw(-2); th <= 8; th++ {
			in := false
			for _, v := range valid {
				in = in || v == th
			}
			if got := d.Valid(th); got != in {
				t.Errorf("%v.Valid(%d) = %v, want %v", d, th, got, in)
			}
		}
	}
}

func TestFlats(t *testing.T) {
	tests := []struct {
		d    Dice
		th   Throw
		want int
	}{
		{Sticks, 0, 0}, {Sticks, 1, 1}, {Sticks, 2, 2}, {Sticks, 3, 3}, {Sticks, 4, 4},
		{Sticks, 5, -1}, {Sticks, 6, -1}, {Sticks, -1, -1},
		{TabSticks, 6, 0}, {TabSticks, 1, 1}, {TabSticks, 2, 2}, {TabSticks, 3, 3}, {TabSticks, 4, 4},
		{TabSticks, 0, -1}, {TabSticks, 5, -1},
		{D4, 1, -1}, {D4, 4, -1}, {D4, 0, -1},
		{NoDice, 1, -1},
	}
	for _, tt := range tests {
		if got := tt.d.Flats(tt.th); got != tt.want {
			t.Errorf("%v.Flats(%d) = %d, want %d", tt.d, tt.th, got, tt.want)
		}
	}
}

// Every score the sticks give shows the flat sides Odds counts for it.
func TestFlatsMatchOdds(t *testing.T) {
	weight := []int{1, 4, 6, 4, 1} // C(4,k) for k flat sides
	for _, d := range []Dice{Sticks, TabSticks} {
		for _, o := range d.Odds() {
			k := d.Flats(o.Throw)
			if k < 0 || k > 4 || weight[k] != o.Num {
				t.Errorf("%v: score %d shows %d flat sides but has odds %d/16", d, o.Throw, k, o.Num)
			}
		}
	}
}

func TestDiceString(t *testing.T) {
	for d, want := range map[Dice]string{NoDice: "none", Sticks: "sticks", TabSticks: "tab sticks", D4: "d4", 9: "Dice(9)"} {
		if got := d.String(); got != want {
			t.Errorf("Dice(%d).String() = %q, want %q", int8(d), got, want)
		}
	}
}

func TestDrawNoDicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("NoDice.Draw did not panic")
		}
	}()
	NoDice.Draw(Seeded(1))
}

// D3: a game record replays exactly, so the same seed gives the same throws.
func TestD3_SeededIsDeterministic(t *testing.T) {
	draw := func(seed uint64) []Throw {
		src := Seeded(seed)
		out := make([]Throw, 200)
		for i := range out {
			out[i] = Sticks.Draw(src)
		}
		return out
	}
	a, b, c := draw(7), draw(7), draw(8)
	if !reflect.DeepEqual(a, b) {
		t.Error("Seeded(7) gave two different sequences")
	}
	if reflect.DeepEqual(a, c) {
		t.Error("Seeded(7) and Seeded(8) gave the same 200 throws")
	}
}

// D3: the production source draws throws every dice accepts, and all of them.
func TestD3_CryptoDrawsValidThrows(t *testing.T) {
	for _, d := range []Dice{Sticks, TabSticks, D4} {
		seen := map[Throw]bool{}
		// Each score has odds of at least 1/16: the chance that 2,000 draws
		// miss one is below 10^-50.
		for range 2000 {
			th := d.Draw(Crypto)
			if !d.Valid(th) {
				t.Fatalf("%v.Draw(Crypto) = %d, not a score of the %v", d, th, d)
			}
			seen[th] = true
		}
		if len(seen) != len(d.Odds()) {
			t.Errorf("%v.Draw(Crypto) gave only %v in 2,000 draws", d, seen)
		}
	}
}

func TestCryptoVaries(t *testing.T) {
	a, b := Crypto.Uint64(), Crypto.Uint64()
	if a == b {
		t.Errorf("Crypto gave %#x twice in a row", a)
	}
}

func TestCoinGivesBothSeats(t *testing.T) {
	for name, src := range map[string]Source{"seeded": Seeded(5), "crypto": Crypto} {
		var n [2]int
		for range 1000 {
			p := Coin(src)
			if !p.Valid() {
				t.Fatalf("%s: Coin gave %v", name, p)
			}
			n[p]++
		}
		// Fair: 1,000 tosses land within 500 +- 100 except with odds below 10^-9.
		if n[0] < 400 || n[1] < 400 {
			t.Errorf("%s: Coin gave First %d times, Second %d times in 1,000", name, n[0], n[1])
		}
	}
}
