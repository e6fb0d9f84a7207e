package puzzles

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"kilab/ai"
	"kilab/games"
)

// Generator finds puzzles in games the computer's levels play against each
// other: every position where a choice is due is examined once.
type Generator struct {
	Game   games.Game
	Config games.Config // normalised
	Env    ai.Env       // what the agents and the examiner are given (Aseb's tables)
	Seed   uint64       // game i draws its throws and choices from Seed+i
	// Pairings are the levels that play, one pairing a game in turn; nil:
	// DefaultPairings. A weak level's mistakes leave positions with a
	// clearly right move.
	Pairings [][2]string
	MaxGames int           // stop after so many games; 0: 50 per puzzle asked
	Budget   time.Duration // each agent's time a move; 0: 200 ms
	// Progress, when set, hears the counts after each game.
	Progress func(Stats)
}

// DefaultPairings are the games Generate plays: the easy level's mistakes
// against the stronger levels, and the two stronger levels.
var DefaultPairings = [][2]string{{"easy", "hard"}, {"medium", "hard"}, {"easy", "medium"}}

// Stats count what a generation looked at.
type Stats struct {
	Games      int // games played
	Candidates int // distinct positions with a choice, examined
	Passed     int // candidates that made a puzzle
	Took       time.Duration
}

// maxPlies ends a generation game that would not end (none does).
const maxPlies = 5000

// Run plays games until n puzzles are found or MaxGames are played, and
// returns the puzzles in the order found. Running out of games is no error:
// the caller sees how many were found. When ctx ends it stops with ctx's
// error and returns what it found before.
func (g Generator) Run(ctx context.Context, n int) ([]Puzzle, Stats, error) {
	began := time.Now()
	ex, err := NewExaminer(g.Game.Name(), g.Config, g.Env)
	if err != nil {
		return nil, Stats{}, err
	}
	r := &run{g: g, ex: ex, seen: map[string]bool{}, want: n}
	maxGames := g.MaxGames
	if maxGames <= 0 {
		maxGames = 50 * n
	}
	for i := 0; i < maxGames && len(r.found) < n; i++ {
		if err := ctx.Err(); err != nil { // the agents would play on, hastily
			return r.found, r.stats(began), err
		}
		if err := r.game(ctx, i); err != nil {
			return r.found, r.stats(began), err
		}
		r.st.Games++
		if g.Progress != nil {
			g.Progress(r.stats(began))
		}
	}
	return r.found, r.stats(began), nil
}

// run is one generation's state.
type run struct {
	g     Generator
	ex    Examiner
	seen  map[string]bool // ids examined
	found []Puzzle
	want  int
	st    Stats
}

func (r *run) stats(began time.Time) Stats {
	s := r.st
	s.Took = time.Since(began)
	return s
}

// game plays game i of the generation, examining as it goes.
func (r *run) game(ctx context.Context, i int) error {
	g := r.g
	pair := g.pairings()[i%len(g.pairings())]
	seed := g.Seed + uint64(i)
	var seats [2]ai.Agent
	for s, level := range pair {
		a, err := g.Env.Agent(g.Game.Name(), level, g.Config, games.Seeded(seed+uint64(s+1)<<40))
		if err != nil {
			return err
		}
		seats[(s+i)%2] = a // levels swap seats game by game
	}
	pos, err := g.Game.New(g.Config)
	if err != nil {
		return err
	}
	src := games.Seeded(seed)
	var rec games.Recorder
	for n := 0; n < maxPlies && len(r.found) < r.want; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if pos, err = games.Advance(pos, src, &rec); err != nil {
			return err
		}
		due := pos.Due()
		switch due.Kind {
		case games.DueNothing:
			return nil
		case games.DueThrow:
			pos, err = games.Roll(pos, due.Player, src, &rec)
		case games.DueMove:
			if err = r.examine(ctx, pos); err == nil {
				pos, _, err = ai.Decide(ctx, pos, seats[due.Player], g.budget())
			}
		}
		if err != nil {
			return fmt.Errorf("puzzles: game %d (seed %d): %w", i, seed, err)
		}
	}
	return nil
}

func (g Generator) pairings() [][2]string {
	if len(g.Pairings) == 0 {
		return DefaultPairings
	}
	return g.Pairings
}

func (g Generator) budget() time.Duration {
	if g.Budget <= 0 {
		return 200 * time.Millisecond
	}
	return g.Budget
}

// examine looks at a position where a move is due, once per position.
func (r *run) examine(ctx context.Context, pos games.Position) error {
	if len(pos.Moves()) < 2 {
		return nil
	}
	id := PuzzleID(r.g.Game.Name(), r.g.Config, pos.String())
	if r.seen[id] {
		return nil
	}
	r.seen[id] = true
	r.st.Candidates++
	p, ok, err := Make(ctx, r.ex, r.g.Env, r.g.Game.Name(), r.g.Config, pos)
	if err != nil || !ok {
		return err
	}
	r.st.Passed++
	r.found = append(r.found, p)
	return nil
}

// Make examines pos and, where it is a puzzle, returns it whole: theme,
// throw and difficulty included.
func Make(ctx context.Context, ex Examiner, env ai.Env, game string, cfg games.Config, pos games.Position) (Puzzle, bool, error) {
	f, ok, err := ex.Examine(ctx, pos)
	if err != nil || !ok {
		return Puzzle{}, false, err
	}
	p := Puzzle{
		ID: PuzzleID(game, cfg, pos.String()), Game: game, Config: cfg,
		Position: pos.String(), Throw: ex.Throw(pos), Best: f.Moves[0].Move,
		Moves: f.Moves, Exact: f.Exact, Calibrated: f.Calibrated,
	}
	if p.Theme, err = ex.Theme(pos, p.Best); err != nil {
		return Puzzle{}, false, err
	}
	if p.Difficulty, err = Difficulty(ctx, env, p, pos); err != nil {
		return Puzzle{}, false, err
	}
	return p, true, nil
}

// finders are the agents whose misses make a puzzle harder, weakest first.
var finders = []string{"greedy", "medium"}

// Difficulty is 1 plus how many of the finders miss p's best move in pos,
// counted until the first that finds it. Their random tie breaks come from
// p's id, so the figure is the same on every check.
func Difficulty(ctx context.Context, env ai.Env, p Puzzle, pos games.Position) (int, error) {
	h := fnv.New64a()
	h.Write([]byte(p.ID))
	for i, name := range finders {
		a, err := env.Agent(p.Game, name, p.Config, games.Seeded(h.Sum64()))
		if err != nil {
			return 0, err
		}
		m, err := a.Choose(ctx, pos)
		if err != nil {
			return 0, err
		}
		if m == p.Best {
			return i + 1, nil
		}
	}
	return len(finders) + 1, nil
}

// ErrNotPuzzle marks a puzzle that fails its check.
var ErrNotPuzzle = errors.New("not a puzzle")
