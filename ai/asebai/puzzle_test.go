package asebai

import (
	"context"
	"errors"
	"math"
	"testing"

	"kilab/games"
	"kilab/games/aseb"
	"kilab/internal/testlong"
)

// The examiner makes a puzzle of exactly the decisions where the best move
// leads the second by 10 points of winning chance, by the solver's own
// values, at every decision of small solved games in every variant; and the
// values it gives are the table's.
func TestExaminerFindsExactlyTheClearDecisions(t *testing.T) {
	t.Parallel()
	pieces := testlong.Pick(2, 3)
	// One rule set of each variant by default, as the solver's test; all
	// five in the long runs.
	cfgs := testlong.Pick([]games.Config{smallConfigs[0], smallConfigs[2], smallConfigs[4]}, smallConfigs)
	for _, cfg := range cfgs {
		r := rulesN(t, cfg, pieces)
		s, _ := solveRules(r, 2, nil)
		ex := examinerWith(t, cfg, s.table(cfg))
		exact := func(p aseb.Position) float64 { return s.chance(p) }
		var puzzles, decisions int
		for a := 0; a < pieces; a++ {
			for b := 0; b < pieces; b++ {
				s.shape.each(r, a, b, func(_ int64, p aseb.Position) {
					for _, o := range r.Dice.Odds() {
						q, err := p.WithThrow(o.Throw)
						if err != nil || q.State() != aseb.MoveDue || len(q.Legal(nil)) < 2 {
							continue
						}
						decisions++
						if checkDecision(t, ex, q, exact) {
							puzzles++
						}
					}
				})
			}
		}
		t.Logf("%s, %d pieces: %d decisions, %d puzzles", cfg, pieces, decisions, puzzles)
		if puzzles == 0 {
			t.Errorf("%s: no puzzle among %d decisions", cfg, decisions)
		}
	}
}

// examinerWith is cfg's examiner with tab as its table, whatever its pieces.
func examinerWith(t *testing.T, cfg games.Config, tab *Table) examiner {
	t.Helper()
	ts := OpenTables(t.TempDir(), nil)
	norm, _, err := solvable(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts.loaded[norm.String()] = tab
	return examiner{cfg: cfg, tables: ts}
}

// checkDecision examines q and checks the verdict and the best move's value
// against the solver's values; it reports whether q is a puzzle.
func checkDecision(t *testing.T, ex examiner, q aseb.Position, exact func(aseb.Position) float64) bool {
	t.Helper()
	f, ok, err := ex.Examine(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	gap := secondGap(q, exact)
	if math.Abs(gap-margin) < 1e-4 {
		return ok // the table's rounding may decide either way
	}
	if ok != (gap >= margin) {
		t.Errorf("%s: a puzzle: %v, yet the best move leads by %.4f", q, ok, gap)
	}
	best, _ := bestBy(q, exact)
	if math.Abs(f.Moves[0].Chance-best) > 2.0/math.MaxUint16 || !f.Exact {
		t.Errorf("%s: the best move is worth %.5f (exact %v), the solver says %.5f", q, f.Moves[0].Chance, f.Exact, best)
	}
	return ok
}

// Without a solved table there are no Aseb puzzles: the examiner says so
// rather than judging by an estimate.
func TestExaminerNeedsTheTable(t *testing.T) {
	t.Parallel()
	cfg := games.Config{Variant: "standard"}
	pos, err := aseb.Game{}.Parse(cfg, "c:1,5 s:8 c:2")
	if err != nil {
		t.Fatal(err)
	}
	ex := examiner{cfg: cfg, tables: OpenTables("", nil)}
	if _, _, err := ex.Examine(context.Background(), pos); !errors.Is(err, games.ErrBadConfig) {
		t.Fatalf("examined without a table: %v", err)
	}
}

// Each theme is named by what the move does.
func TestThemes(t *testing.T) {
	t.Parallel()
	cfg := games.Config{Variant: "standard"}
	for _, c := range []struct{ pos, move, want string }{
		{"c:5 s:7 c:2", "5-7", ThemeCapture},
		{"c:5 s:- c:3", "5-8", ThemeHouse},
		{"c:15 s:- c:2", "15-off", ThemeBearOff},
		{"c:5 s:- c:1", "in-1", ThemeEnter},
		{"c:9 s:- c:1", "9-10", ThemeRace},
	} {
		pos, err := aseb.Game{}.Parse(cfg, c.pos)
		if err != nil {
			t.Fatal(err)
		}
		got, err := examiner{}.Theme(pos, c.move)
		if err != nil || got != c.want {
			t.Errorf("%s %s: theme %q (%v), want %q", c.pos, c.move, got, err, c.want)
		}
	}
}
