package seegaai

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strconv"
	"testing"

	"kilab/ai"
	"kilab/ai/learn"
	"kilab/games"
	"kilab/games/seega"
)

var fiveFree = games.Config{Variant: "free", Options: map[string]string{"size": "5"}}

// The inputs of a position worked out by hand, light to move: its three
// pieces and dark's two by cell; dark's B3 can be taken (light steps C2-B2
// with B4 behind it, S4) and nothing of light's can (C3 is the centre);
// the counts, the steps to empty neighbours and the moving phase.
func TestFeaturesByHand(t *testing.T) {
	t.Parallel()
	p, err := seega.Parse(fiveFree, "...../.L.../.DL../..L../D.... L move quiet=5")
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, inputsFor(5))
	features(&p, x)
	at := func(cell string, k int) float64 {
		c := seega.CellAt(int(cell[0]-'A'), int(cell[1]-'1'))
		return x[((c.Row())*5+c.Col())*cellInputs+k]
	}
	want := map[string][3]float64{"B4": {1, 0, 0}, "C3": {1, 0, 0}, "C2": {1, 0, 0}, "A1": {0, 1, 0}, "B3": {0, 1, 1}, "D4": {0, 0, 0}}
	for cell, w := range want {
		if got := [3]float64{at(cell, 0), at(cell, 1), at(cell, 2)}; got != w {
			t.Errorf("%s: %v, want %v", cell, got, w)
		}
	}
	onBoard := 0.0
	for i := range 25 {
		onBoard += x[i*cellInputs] + x[i*cellInputs+1]
	}
	if onBoard != 5 {
		t.Errorf("%v pieces in the cells' inputs, want 5", onBoard)
	}
	g := x[25*cellInputs:]
	wantG := []float64{3.0 / 12, 0, 2.0 / 12, 0, 1, 0, 0, 5.0 / 50, 8.0 / 48, 4.0 / 48, 0, 1.0 / 12}
	for i, w := range wantG {
		if math.Abs(g[i]-w) > 1e-12 {
			t.Errorf("global input %d: %v, want %v", i, g[i], w)
		}
	}
	// From dark's side the same position reads the other way round.
	q, err := seega.Parse(fiveFree, "...../.L.../.DL../..L../D.... D move quiet=5")
	if err != nil {
		t.Fatal(err)
	}
	features(&q, x)
	if at("B3", 0) != 1 || at("B3", 2) != 1 || at("B4", 1) != 1 || g[0] != 2.0/12 || g[10] != 1.0/12 || g[11] != 0 {
		t.Errorf("dark's view: B3 %v %v, B4 %v, counts %v %v %v", at("B3", 0), at("B3", 2), at("B4", 1), g[0], g[10], g[11])
	}
}

// A training run from a seed writes the same network twice, and another
// seed another, or the same seed with games played two at once; the
// network has the size's inputs.
func TestTrainingReproducible(t *testing.T) {
	t.Parallel()
	run := func(seed uint64, workers int) []byte {
		return trainedFile(t, TrainOptions{Config: fiveFree, Games: 4, Seed: seed, Hidden: 8, Rate: 0.1, Lambda: 0.7, Explore: 0.1, Workers: workers})
	}
	a, b, c := run(3, 1), run(3, 1), run(4, 1)
	if !bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Errorf("seed 3 twice: same %v; seeds 3 and 4: same %v", bytes.Equal(a, b), bytes.Equal(a, c))
	}
	if d := run(3, 2); bytes.Equal(a, d) || !bytes.Equal(d, run(3, 2)) {
		t.Errorf("two at once: as one at a time %v, the same twice %v", bytes.Equal(a, d), bytes.Equal(d, run(3, 2)))
	}
	net, err := learn.Load(a, "seega/5/1")
	if err != nil || net.In != inputsFor(5) {
		t.Fatalf("the file reads back: %v, %d inputs", err, net.In)
	}
}

// The learned level searches on the network it is given: its score is the
// network's log-odds, a piece a unit, the search asks for it at its leaves,
// it places near where the network likes best, and it plays legal moves
// from it. Without a network, or with one
// for another board, it is refused.
func TestLearnedLevel(t *testing.T) {
	t.Parallel()
	net, err := Train(context.Background(), TrainOptions{Config: fiveFree, Games: 6, Seed: 5, Hidden: 8, Rate: 0.1, Lambda: 0.7, Explore: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	p := midgame(t, 3, 6)
	x := make([]float64, inputsFor(5))
	features(&p, x)
	c := net.Value(x)
	if got, want := newNetScorer(net).score(&p), int(math.Round(100*math.Log(c/(1-c)))); got != want {
		t.Errorf("score %d, want %d (chance %v)", got, want, c)
	}
	s := newSearcher(context.Background(), 1000)
	asked := 0
	s.eval = func(*seega.Position) int { asked++; return 0 }
	s.best(&p, 2)
	if asked == 0 {
		t.Error("the search never asked the evaluation it was given")
	}
	var file bytes.Buffer
	if err := net.Save(&file); err != nil {
		t.Fatal(err)
	}
	env := ai.Env{}.With("seega", learn.File(file.Bytes()))
	a, err := env.Agent("seega", "learned", fiveFree, games.Seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	shipped, _, err := shippedNet(fiveFree)
	if err != nil {
		t.Fatal(err)
	}
	placedNear(t, shipped, ai.Env{}) // a network that has learned where to place
	for seed := range uint64(3) {
		q := midgame(t, seed, 4)
		m, err := a.Choose(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := q.Play(m); err != nil {
			t.Errorf("%s: the learned level chose %s: %v", q, m, err)
		}
	}
	seven := games.Config{Variant: "free", Options: map[string]string{"size": "7"}}
	if _, err := env.Agent("seega", "learned", seven, games.Seeded(1)); err == nil {
		t.Error("the learned level of 7 x 7 came from a network of 5 x 5")
	}
}

// A scorer's cache keeps each network's scores apart: scorers taken for two
// networks in turn, on the same positions, each give their own network's
// score, cached or not.
func TestScorerCachePerNetwork(t *testing.T) {
	t.Parallel()
	nets := []*learn.Net{learn.New(netKind(5), inputsFor(5), hiddenUnits, 1), learn.New(netKind(5), inputsFor(5), hiddenUnits, 2)}
	for round := range 2 {
		for seed := uint64(1); seed <= 6; seed++ {
			p := midgame(t, seed, int(seed))
			for _, net := range nets {
				ns := takeScorer(net)
				got, want := ns.score(&p), newNetScorer(net).compute(&p)
				ns.done()
				if got != want {
					t.Fatalf("round %d, seed %d: scored %d, the network says %d", round, seed, got, want)
				}
			}
		}
	}
}

// A blocked side (S7) is an input the position's key does not decide: the
// S6 shuttles, which the key leaves out, can block a side's last step back.
// Two such positions, alike but for the shuttle, are each scored as their
// own, however the cache met them.
func TestScorerCacheKnowsBlocked(t *testing.T) {
	t.Parallel()
	net, _, err := shippedNet(fiveFree)
	if err != nil {
		t.Fatal(err)
	}
	var ps []seega.Position
	for _, s := range []string{"...../...../...../...../LD... L move quiet=3 last=a1<a2*4", "...../...../...../...../LD... L move quiet=3"} {
		p, err := seega.Parse(fiveFree, s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	if ps[0].Key() != ps[1].Key() || !ps[0].Blocked() || ps[1].Blocked() {
		t.Fatalf("keys %x and %x, blocked %v and %v: want one key, the first blocked", ps[0].Key(), ps[1].Key(), ps[0].Blocked(), ps[1].Blocked())
	}
	ns := newNetScorer(net)
	for _, p := range ps {
		if got, want := ns.score(&p), ns.compute(&p); got != want {
			t.Errorf("%s: scored %d, the network says %d", p.String(), got, want)
		}
	}
}

// trainedEnv is a tiny network trained on 5 x 5 (games, seed, hidden
// units), and an Env that gives it as a file, as kilab arena --net does.
func trainedEnv(t *testing.T, n int, seed uint64, hidden int) (*learn.Net, ai.Env) {
	t.Helper()
	net, err := Train(context.Background(), TrainOptions{Config: fiveFree, Games: n, Seed: seed, Hidden: hidden, Rate: 0.1, Lambda: 0.7, Explore: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := net.Save(&file); err != nil {
		t.Fatal(err)
	}
	return net, ai.Env{}.With("seega", learn.File(file.Bytes()))
}

// A network read from a file is read once: an arena's agents made afresh
// for every game share it, and with it their scorers' caches.
func TestNetReadOnce(t *testing.T) {
	t.Parallel()
	_, env := trainedEnv(t, 2, 9, 4)
	a, err := netIn(fiveFree, env)
	if err != nil {
		t.Fatal(err)
	}
	b, err := netIn(fiveFree, env)
	if err != nil || a != b {
		t.Errorf("the same file read twice gave two networks (%v)", err)
	}
}

// BenchmarkNetScore is the learned evaluation's cost per position on each
// board (5, 7, 9): the inputs read from the position and the network's
// output, on a network of the shipped settings' size for that board (its
// weights do not change the cost), the scorer's cache aside.
func BenchmarkNetScore(b *testing.B) {
	for _, n := range []int{5, 7, 9} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			cfg := games.Config{Variant: "free", Options: map[string]string{"size": strconv.Itoa(n)}}
			ns := newNetScorer(learn.New(netKind(n), inputsFor(n), hiddenUnits, 1))
			p := midgameOn(b, cfg, 9, 3)
			for b.Loop() {
				ns.compute(&p)
			}
		})
	}
}

// BenchmarkMaterialScore is classic's evaluation, for comparison.
func BenchmarkMaterialScore(b *testing.B) {
	p := midgame(b, 9, 3)
	for b.Loop() {
		evaluate(&p)
	}
}

// The inputs as features reads them agree with a plain reading of their
// definition, cell by cell through the engine's accessors, at every
// position of random games on every board size.
func TestFeaturesMatchDefinition(t *testing.T) {
	t.Parallel()
	for _, n := range []int{5, 7, 9} {
		cfg := games.Config{Variant: "free", Options: map[string]string{"size": strconv.Itoa(n)}}
		got, want := make([]float64, inputsFor(n)), make([]float64, inputsFor(n))
		src := games.Seeded(uint64(n))
		for range 3 {
			p, err := seega.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; !p.Over() && k < 400; k++ {
				features(&p, got)
				definedFeatures(&p, want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s:\n got %v\nwant %v", p, got, want)
				}
				ms := p.AppendMoves(nil)
				p.Do(ms[ai.Intn(src, len(ms))])
			}
		}
	}
}

// definedFeatures is features read the plain way, for the test above.
func definedFeatures(p *seega.Position, x []float64) {
	clear(x)
	n := p.Size()
	me := p.Turn()
	var steps, taken [2]int
	for i, c := range p.Cells() {
		owner, ok := p.At(c).Owner()
		if !ok {
			continue
		}
		side := 0
		if owner != me {
			side = 1
		}
		x[i*cellInputs+side] = 1
		for _, d := range steps4 {
			if a := neighbour(c, d[0], d[1], n); a != seega.NoCell && p.At(a) == seega.Empty {
				steps[side]++
			}
		}
		if c != p.Centre() && canBeTaken(p, c, owner.Other(), n) {
			x[i*cellInputs+2] = 1
			taken[side]++
		}
	}
	globalInputs(p, x[n*n*cellInputs:], steps, taken)
}

// neighbour is the cell dc columns and dr rows from c on a board of n x n,
// or NoCell off the board.
func neighbour(c seega.Cell, dc, dr, n int) seega.Cell {
	col, row := c.Col()+dc, c.Row()+dr
	if col < 0 || col >= n || row < 0 || row >= n {
		return seega.NoCell
	}
	return seega.CellAt(col, row)
}

// canBeTaken is S4 read plainly: a piece of by steps into an empty
// neighbour a of c, whose cell on the far side of c holds a piece of by.
func canBeTaken(p *seega.Position, c seega.Cell, by games.Player, n int) bool {
	for _, d := range steps4 {
		a := neighbour(c, d[0], d[1], n)
		behind := neighbour(c, -d[0], -d[1], n)
		if a == seega.NoCell || behind == seega.NoCell || p.At(a) != seega.Empty {
			continue
		}
		if o, ok := p.At(behind).Owner(); !ok || o != by {
			continue
		}
		for _, e := range steps4 {
			s := neighbour(a, e[0], e[1], n)
			if s == seega.NoCell || s == c {
				continue
			}
			if o, ok := p.At(s).Owner(); ok && o == by {
				return true
			}
		}
	}
	return false
}

// Given a network, the judge's chance is the network's: while placing, its
// word on the position for the first seat (to the score's hundredth of a
// unit of log-odds), and not Checked; given none, the shipped network's
// chance through its fitted curve, Checked, on 5 x 5, on 7 x 7 and 9 x 9
// the shipped network's through its fitted curve, Checked where that curve
// passed its check; material's is never Checked; given one for another
// board, it is refused.
func TestLearnedJudge(t *testing.T) {
	t.Parallel()
	net, env := trainedEnv(t, 6, 5, 8)
	j, err := env.Judge("seega", fiveFree)
	if err != nil {
		t.Fatal(err)
	}
	shipped, _, _ := shippedNet(fiveFree)
	plain, _ := ai.NewJudge("seega", fiveFree)
	p, _ := seega.New(fiveFree)
	for k := 0; k < 5; k++ { // dark to move after an odd number of placements
		p.Do(p.AppendMoves(nil)[k])
		judgedAs(t, j, p, net, nil)
		c5 := fitted[seega5]
		judgedAs(t, plain, p, shipped, &c5)
	}
	if c, ok := j.(ai.Checked); !ok || c.Calibrated() {
		t.Error("the judge on a network of its own says its chances are calibrated")
	}
	if c, ok := plain.(ai.Checked); !ok || !c.Calibrated() {
		t.Error("the judge on the shipped network does not say its chances are calibrated")
	}
	// Each bigger board is judged on its network through its own curve,
	// calibrated where the curve passed its check (docs/ai.md): 7 x 7's did,
	// 9 x 9's not yet.
	var p9 seega.Position
	for _, b := range []struct {
		size       string
		sum        string
		calibrated bool
	}{{"7", seega7, true}, {"9", seega9, false}} {
		cfg := games.Config{Variant: "free", Options: map[string]string{"size": b.size}}
		p, _ := seega.New(cfg)
		p.Do(p.AppendMoves(nil)[0])
		p9 = p
		shipped, _, _ := shippedNet(cfg)
		jd, _ := ai.NewJudge("seega", cfg)
		c, ok := fitted[b.sum]
		if jj, isJudge := jd.(judge); !ok || !isJudge || jj.net != shipped || jj.curve == nil || *jj.curve != c {
			t.Errorf("%s x %s is not judged on its network through its fitted curve: %+v", b.size, b.size, jd)
		}
		judgedAs(t, jd, p, shipped, &c)
		if ch, ok := jd.(ai.Checked); !ok || ch.Calibrated() != b.calibrated || c.checked != b.calibrated {
			t.Errorf("the judge on %s x %s's network says its chances calibrated: %v, its curve checked: %v, want %v",
				b.size, b.size, ok && ch.Calibrated(), c.checked, b.calibrated)
		}
	}
	// Material, where no network is (a judge of its own here): even while
	// placing, nothing taken, and never calibrated.
	if c, _, _ := (judge{}).WinChance(context.Background(), p9); c != 0.5 {
		t.Errorf("material's judge while placing, nothing taken: %v, want 0.5", c)
	}
	if (judge{}).Calibrated() {
		t.Error("material's judge says its chances are calibrated")
	}
	seven := games.Config{Variant: "free", Options: map[string]string{"size": "7"}}
	if _, err := env.Judge("seega", seven); err == nil {
		t.Error("the judge of 7 x 7 came from a network of 5 x 5")
	}
}

// judgedAs fails unless j gives p, a position while placing, the first
// seat's chance by net with its log-odds through c (nil: as they are).
func judgedAs(t *testing.T, j ai.Judge, p seega.Position, net *learn.Net, c *curve) {
	t.Helper()
	x := make([]float64, inputsFor(p.Size()))
	features(&p, x)
	v := net.Value(x)
	z := math.Log(v / (1 - v))
	z = c.apply(z)
	want := 1 / (1 + math.Exp(-z))
	if p.Turn() == games.Second {
		want = 1 - want
	}
	got, exact, err := j.WinChance(context.Background(), p)
	if err != nil || exact || math.Abs(got-want) > 0.01 {
		t.Errorf("%s: chance %v (exact %v, %v), the network's %v", p, got, exact, err, want)
	}
}

// The shipped networks load, each for its board, and hard on every board
// plays from its own (TestAgentsPlayLegally plays its games: on 5 x 5 in
// both variants, on 7 x 7 in lane's and on 9 x 9 in free's, every one under
// KILAB_LONG).
func TestShippedNetworks(t *testing.T) {
	t.Parallel()
	for size, want := range map[string]bool{"5": true, "7": true, "9": true} {
		for _, variant := range []string{"free", "lane"} {
			cfg := games.Config{Variant: variant, Options: map[string]string{"size": size}}
			net, ok, err := shippedNet(cfg)
			if err != nil || ok != want || (net != nil) != want {
				t.Errorf("%s %s: shipped %v (%v)", variant, size, ok, err)
			}
			a, err := ai.New("seega", "hard", cfg, games.Seeded(1))
			if err != nil {
				t.Fatal(err)
			}
			if got := a.(*agent).net; got != net {
				t.Errorf("%s %s: hard plays from %p, the shipped network is %p", variant, size, got, net)
			}
		}
	}
}

// placedNear checks the placements of the learned level on net (as env
// gives it): each within placeSlack of the network's best chance, and not
// always the same one.
func placedNear(t *testing.T, net *learn.Net, env ai.Env) {
	t.Helper()
	p, _ := seega.New(fiveFree)
	p.Do(p.AppendMoves(nil)[0])
	nc := newNetChooser(net)
	after := func(m seega.Move) float64 {
		q := p
		q.Do(m)
		return nc.value(&q, p.Turn())
	}
	top := after(nc.best(&p))
	seen := map[string]bool{}
	for seed := range uint64(8) {
		a, err := env.Agent("seega", "learned", fiveFree, games.Seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		s, err := a.Choose(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := seega.ParseMove(s, 5)
		if v := after(m); v < top-placeSlack {
			t.Errorf("placing: the learned level chose %s, a chance of %.4f, the network's best %.4f", s, v, top)
		}
		seen[s] = true
	}
	if len(seen) < 2 {
		t.Errorf("placing: the learned level chose %v from eight seeds", seen)
	}
}

// Self-play may weigh a draw of its placements rather than all of them
// (TrainOptions.Places): the network's best of that many, drawn at random
// without repeats; all of them where they are no more; and every move of
// the moving phase, however many. A run whose Places is at or above every
// turn's placements is the run without it, byte for byte, and one below is
// another, reproducible.
func TestSelfPlayWeighsADrawOfPlacements(t *testing.T) {
	t.Parallel()
	nc := newNetChooser(learn.New(netKind(5), inputsFor(5), 8, 1))
	start, err := seega.New(fiveFree)
	if err != nil {
		t.Fatal(err)
	}
	all := start.AppendMoves(nil)
	src := games.Seeded(9)
	ai.Intn(src, 1<<20) // choose's draw of whether to explore
	want := drawn(slices.Clone(all), 1, src)[0]
	if got := nc.choose(&start, games.Seeded(9), 0, 1); got != want {
		t.Errorf("of one placement drawn: %v, want the one drawn, %v", got, want)
	}
	src = games.Seeded(9)
	ai.Intn(src, 1<<20)
	eight, top := drawn(slices.Clone(all), 8, src), -1.0
	for _, m := range eight {
		q := start
		q.Do(m)
		if v := nc.value(&q, start.Turn()); v > top {
			want, top = m, v
		}
	}
	if got := nc.choose(&start, games.Seeded(9), 0, 8); got != want {
		t.Errorf("of eight placements drawn: %v, want the best of them, %v", got, want)
	}
	if got, best := nc.choose(&start, games.Seeded(9), 0, len(all)), nc.best(&start); got != best {
		t.Errorf("with every placement weighed: %v, want the best, %v", got, best)
	}
	moving := midgame(t, 3, 6)
	if moving.Placing() || len(moving.AppendMoves(nil)) < 2 {
		t.Fatal("the midgame is not a choice of steps")
	}
	if got, best := nc.choose(&moving, games.Seeded(9), 0, 1), nc.best(&moving); got != best {
		t.Errorf("a step chosen among a draw: %v, want the best of all, %v", got, best)
	}
	some := drawn(slices.Clone(all), 50, games.Seeded(4))
	seen := map[seega.Move]bool{}
	for _, m := range some {
		seen[m] = true
	}
	if len(some) != 50 || len(seen) != 50 {
		t.Errorf("50 drawn: %d, %d of them different", len(some), len(seen))
	}
	run := func(places int) []byte {
		return trainedFile(t, TrainOptions{Config: fiveFree, Games: 3, Seed: 3, Hidden: 8, Rate: 0.1, Lambda: 0.7, Explore: 0.1, Places: places})
	}
	if none, every, few := run(0), run(len(all)), run(8); !bytes.Equal(none, every) || bytes.Equal(none, few) || !bytes.Equal(few, run(8)) {
		t.Errorf("placements weighed: all and none the same %v, 8 and none the same %v, 8 twice the same %v",
			bytes.Equal(none, every), bytes.Equal(none, few), bytes.Equal(few, run(8)))
	}
}

// trainedFile is the file of the network Train makes with o.
func trainedFile(t *testing.T, o TrainOptions) []byte {
	t.Helper()
	net, err := Train(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := net.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The judge's chances are those its curves were fitted and checked on
// (docs/ai.md): a change to the search or the evaluation that moves them,
// by a different order of moves within the node limit, a cache that
// answers wrongly, or a changed input, fails here, and the curves must then
// be fitted and checked again. The figures were written by the judge as
// the curves were fitted, at four positions of a game of hard on every
// board (10 to 40 moves after the placement; some searches stop at the
// node limit), on the network and on material.
func TestJudgeAsFitted(t *testing.T) {
	t.Parallel()
	want := map[int][4][2]float64{
		5: {{0.058967013465, 0.099750489120}, {0.011543752484, 0.005486298899},
			{0.005272312227, 0.002025320389}, {0.001058334434, 0.000274578156}},
		7: {{0.132388873542, 0.014774031693}, {0.055200537783, 0.000746028834},
			{0.009756665625, 0.000013674009}, {0.001413883812, 0.000001850598}},
		9: {{0.175086268164, 0.000274578156}, {0.034224157692, 0.000005030430},
			{0.028748495927, 0.000005030430}, {0.022313438699, 0.000005030430}},
	}
	for n, chances := range want {
		cfg := games.Config{Variant: "free", Options: map[string]string{"size": strconv.Itoa(n)}}
		net, _, err := shippedNet(cfg)
		if err != nil {
			t.Fatal(err)
		}
		ps, _ := hardGame(t, cfg, 40)
		for i, c := range chances {
			p := ps[afterPlacement(ps, 10*(i+1))]
			for k, j := range []judge{{net: net}, {}} {
				got, _, err := j.WinChance(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-c[k]) > 1e-9 {
					t.Errorf("%d x %d, %d moves in, network %v: chance %.12f, fitted on %.12f", n, n, 10*(i+1), j.net != nil, got, c[k])
				}
			}
		}
	}
}

// A curve takes log-odds through scale * |z|^power, and below its knee
// through its inner power, the two meeting at the knee; the sign stays.
func TestCurveKnee(t *testing.T) {
	t.Parallel()
	plain := &curve{scale: 2, power: 2}
	bent := &curve{scale: 2, power: 2, knee: 0.5, inner: 3}
	for _, c := range []struct {
		c       *curve
		z, want float64
	}{
		{nil, -0.7, -0.7},
		{plain, 0.25, 0.125}, {plain, -3, -18},
		{bent, 0.25, 0.0625}, {bent, -0.25, -0.0625}, // 2 * 0.5^2 * (0.25/0.5)^3
		{bent, 0.5, 0.5}, {bent, 0.4999999, 0.5}, {bent, -3, -18},
		{bent, 0, 0},
	} {
		if got := c.c.apply(c.z); math.Abs(got-c.want) > 1e-5 {
			t.Errorf("%+v at %v: %v, want %v", c.c, c.z, got, c.want)
		}
	}
}
