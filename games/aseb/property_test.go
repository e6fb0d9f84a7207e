package aseb_test

import (
	"math/bits"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/internal/testlong"
)

// gamesPerVariant is how many seeded random games each main variant plays
// (an option combination a fifth): 1,000 by default, which a planted bug in
// move generation or capture fails within the first few dozen games; 10,000
// with KILAB_LONG=1; 500 under -short, for the race run.
func gamesPerVariant() int {
	if testing.Short() {
		return 500
	}
	return testlong.Pick(1000, 10000)
}

var propertySpecs = []string{
	"standard", "standard pieces=7", "standard dice=d4",
	"twenty-squares", "twenty-squares house4=true enter-past-own=true", "royalur",
}

// Random games through the games.Position interface, as the bot drives them:
// pieces are conserved, no cell holds two pieces, the notation round-trips at
// every step, every game ends, and replaying the record reproduces it.
func TestPropertyRandomGames(t *testing.T) {
	for _, spec := range propertySpecs {
		t.Run(spec, func(t *testing.T) {
			n := gamesPerVariant()
			if spec != "standard" && spec != "twenty-squares" && spec != "royalur" {
				n /= 5 // option combinations: fewer games, same checks
			}
			r := rules(t, spec)
			for seed := range uint64(n) {
				randomGame(t, r, seed)
			}
		})
	}
}

func randomGame(t *testing.T, r aseb.Rules, seed uint64) {
	src := games.Seeded(seed)
	start := aseb.NewPosition(r)
	var pos games.Position = start
	var rec games.Recorder
	for steps := 0; pos.Due().Kind != games.DueNothing; steps++ {
		if steps > 100000 {
			t.Fatalf("seed %d: game did not end: %q", seed, pos)
		}
		pos = randomStep(t, pos, src, &rec)
		checkInvariants(t, r, pos.(aseb.Position), seed)
	}
	replayed, err := games.Replay(start, rec.Plies, nil)
	if err != nil || replayed.String() != pos.String() {
		t.Fatalf("seed %d: replay gives %q, %v; the game ended at %q", seed, replayed, err, pos)
	}
}

func randomStep(t *testing.T, pos games.Position, src games.Source, rec *games.Recorder) games.Position {
	due := pos.Due()
	var err error
	if due.Kind == games.DueThrow {
		pos, err = games.Roll(pos, due.Player, src, rec)
	} else {
		moves := pos.Moves()
		m := moves[src.Uint64()%uint64(len(moves))].Notation
		rec.Move(due.Player, m)
		if pos, err = games.PlayAs(pos, due.Player, m); err == nil {
			pos, err = games.Advance(pos, src, rec)
		}
	}
	if err != nil {
		t.Fatalf("%q: %v", pos, err)
	}
	return pos
}

func checkInvariants(t *testing.T, r aseb.Rules, p aseb.Position, seed uint64) {
	for s := games.First; s <= games.Second; s++ {
		if p.InReserve(s) < 0 || p.OnBoard(s)+p.InReserve(s)+p.BorneOff(s) != int(r.Pieces) {
			t.Fatalf("seed %d: %q: pieces of %v not conserved", seed, p, s)
		}
	}
	var shared [2]uint32
	for s := range shared {
		for _, c := range p.Cells(games.Player(s)) {
			if c >= 5 {
				shared[s] |= 1 << c
			}
		}
	}
	if both := shared[0] & shared[1]; both != 0 {
		t.Fatalf("seed %d: %q: cell %d holds two pieces", seed, p, bits.TrailingZeros32(both))
	}
	back, err := aseb.Parse(r, p.String())
	if err != nil || back != p {
		t.Fatalf("seed %d: %q does not round-trip: %v", seed, p, err)
	}
}

// The fast playout agrees with itself across variants and always ends.
func TestPlayoutEnds(t *testing.T) {
	for _, spec := range propertySpecs {
		r := rules(t, spec)
		for seed := range uint64(200) {
			p, steps := aseb.Playout(aseb.NewPosition(r), games.Seeded(seed))
			if _, over := p.Winner(); !over || steps == 0 {
				t.Fatalf("%s seed %d: playout stopped at %q after %d steps", spec, seed, p, steps)
			}
		}
	}
}

// Move generation allocates nothing (the goal for playouts).
func TestLegalAllocatesNothing(t *testing.T) {
	p := at(t, "standard pieces=7", "c:1,5,9 s:6,10 c:2")
	var buf [8]aseb.Move
	if n := testing.AllocsPerRun(100, func() { _ = p.Legal(buf[:0]) }); n != 0 {
		t.Errorf("Legal allocates %v times per call", n)
	}
	if n := testing.AllocsPerRun(20, func() { aseb.Playout(aseb.NewPosition(p.Rules()), games.Seeded(1)) }); n > 1 {
		t.Errorf("Playout allocates %v times per game", n) // at most the source's boxing
	}
}

// BenchmarkRandomPlayout plays whole random 5-piece standard games.
func BenchmarkRandomPlayout(b *testing.B) {
	start := aseb.NewPosition(rules(b, "standard"))
	src := games.Seeded(1)
	b.ReportAllocs()
	for b.Loop() {
		aseb.Playout(start, src)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkLegal is move generation alone, from a mid-game position.
func BenchmarkLegal(b *testing.B) {
	p := at(b, "standard pieces=7", "c:1,5,9 s:6,10 c:2")
	var buf [8]aseb.Move
	b.ReportAllocs()
	for b.Loop() {
		_ = p.Legal(buf[:0])
	}
}
