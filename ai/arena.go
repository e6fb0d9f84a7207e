package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	"kilab/games"
)

// Match is a series of games between two agents, seats alternating: agent A sits
// in seat 0 in the even-numbered games and in seat 1 in the odd ones.
type Match struct {
	Game   games.Game
	Config games.Config
	A, B   string        // agent names (see New)
	Games  int           // how many games
	Seed   uint64        // game i draws its throws and the agents' choices from Seed+i
	Budget time.Duration // time per move for each agent; 0 means 2 s
	// Workers is how many games run at once; 0 means one per CPU.
	Workers int
	// Env is what the agents are given (Aseb's tables); the zero Env: none.
	Env Env
}

// Tally is a match's result from agent A's side.
type Tally struct {
	Wins, Draws, Losses int
	// FirstSeatWins counts the games won by whoever sat in seat 0: the first
	// player's advantage, whichever agent had it.
	FirstSeatWins int
	Plies         int // moves chosen by the agents, over all games
}

// Games is the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is A's points per game: a win 1, a draw ½.
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// maxPlies stops a game whose agents would never finish it; the rules of all
// three games end every game long before.
const maxPlies = 100000

// Play runs the match and returns its tally. An illegal move or an engine error
// stops it with an error that names the game and the record so far.
func Play(ctx context.Context, m Match) (Tally, error) {
	if m.Games <= 0 {
		return Tally{}, fmt.Errorf("ai: a match needs at least one game: %w", games.ErrBadConfig)
	}
	var (
		mu    sync.Mutex
		tally Tally
	)
	err := m.each(ctx, func(i int) error {
		r, err := m.one(ctx, i)
		mu.Lock()
		tally.add(r)
		mu.Unlock()
		return err
	})
	return tally, err
}

// each checks that both agents can be made, then runs play for every game
// of the match, Workers at once, until one fails or ctx ends; it returns
// the first failure, or ctx's error.
func (m Match) each(ctx context.Context, play func(i int) error) error {
	for _, name := range []string{m.A, m.B} { // fail before any game starts
		if _, err := m.Env.Agent(m.Game.Name(), name, m.Config, games.Seeded(0)); err != nil {
			return err
		}
	}
	workers := m.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan int)
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				if err := play(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for i := 0; i < m.Games; i++ {
		mu.Lock()
		stop := first != nil
		mu.Unlock()
		if stop || ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// result is one game's end from A's side.
type result struct {
	outcome games.Outcome
	aSeat   games.Player
	plies   int
	counted bool
}

func (t *Tally) add(r result) {
	if !r.counted {
		return
	}
	t.Plies += r.plies
	switch {
	case r.outcome.Status == games.Drawn:
		t.Draws++
	case r.outcome.Winner == r.aSeat:
		t.Wins++
	default:
		t.Losses++
	}
	if r.outcome.Status == games.Won && r.outcome.Winner == games.First {
		t.FirstSeatWins++
	}
}

// one plays game i of the match.
func (m Match) one(ctx context.Context, i int) (result, error) {
	return m.watched(ctx, i, nil)
}

// watched plays game i of the match, showing seen every position where a
// move is due.
func (m Match) watched(ctx context.Context, i int, seen func(games.Position) error) (result, error) {
	src := games.Seeded(m.Seed + uint64(i))
	aSeat := games.Player(i % 2)
	var seats [2]Agent
	var err error
	if seats[aSeat], err = m.Env.Agent(m.Game.Name(), m.A, m.Config, games.Seeded(m.Seed+uint64(i)+1<<40)); err != nil {
		return result{}, err
	}
	if seats[aSeat.Other()], err = m.Env.Agent(m.Game.Name(), m.B, m.Config, games.Seeded(m.Seed+uint64(i)+2<<40)); err != nil {
		return result{}, err
	}
	pos, err := m.Game.New(m.Config)
	if err != nil {
		return result{}, err
	}
	out, plies, err := playOut(ctx, pos, seats, src, m.budget(), seen)
	if err != nil {
		return result{}, fmt.Errorf("game %d (seed %d): %w", i, m.Seed+uint64(i), err)
	}
	return result{outcome: out, aSeat: aSeat, plies: plies, counted: true}, nil
}

func (m Match) budget() time.Duration {
	if m.Budget <= 0 {
		return 2 * time.Second
	}
	return m.Budget
}

// PlayOut plays pos to its end: throws drawn from src, every move chosen by the
// agent of the seat on move and checked by the engine. It returns the outcome
// and the number of moves the agents chose.
func PlayOut(ctx context.Context, pos games.Position, seats [2]Agent, src games.Source, budget time.Duration) (games.Outcome, int, error) {
	return playOut(ctx, pos, seats, src, budget, nil)
}

// playOut is PlayOut that shows seen (if not nil) every position where a
// move is due, before it is chosen.
func playOut(ctx context.Context, pos games.Position, seats [2]Agent, src games.Source, budget time.Duration, seen func(games.Position) error) (games.Outcome, int, error) {
	var rec games.Recorder
	plies := 0
	for n := 0; n < maxPlies; n++ {
		if err := ctx.Err(); err != nil {
			return games.Outcome{}, plies, err
		}
		var err error
		if pos, err = games.Advance(pos, src, &rec); err != nil {
			return games.Outcome{}, plies, err
		}
		due := pos.Due()
		switch due.Kind {
		case games.DueNothing:
			return pos.Outcome(), plies, nil
		case games.DueThrow:
			pos, err = games.Roll(pos, due.Player, src, &rec)
		case games.DueMove:
			if seen != nil {
				if err := seen(pos); err != nil {
					return games.Outcome{}, plies, err
				}
			}
			pos, err = move(ctx, pos, seats[due.Player], &rec, budget)
			plies++
		}
		if err != nil {
			return games.Outcome{}, plies, fmt.Errorf("%w (record: %s)", err, games.FormatRecord(rec.Plies))
		}
	}
	return games.Outcome{}, plies, errors.New("ai: the game did not end")
}

// move asks agent for a move within budget and plays it.
func move(ctx context.Context, pos games.Position, agent Agent, rec *games.Recorder, budget time.Duration) (games.Position, error) {
	player := pos.Due().Player
	next, mv, err := Decide(ctx, pos, agent, budget)
	if err == nil {
		rec.Move(player, mv)
	}
	return next, err
}

// Decide asks agent for a move of the player on move in pos, giving it budget
// to think, and plays it through the engine's checks: an agent's illegal move
// is an error, never a move. It returns the position after the move and the
// move.
func Decide(ctx context.Context, pos games.Position, agent Agent, budget time.Duration) (games.Position, string, error) {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	mv, err := agent.Choose(ctx, pos)
	if err != nil {
		return pos, "", err
	}
	next, err := games.PlayAs(pos, pos.Due().Player, mv)
	if err != nil {
		return pos, "", fmt.Errorf("ai: the agent chose %q: %w", mv, err)
	}
	return next, mv, nil
}

// Interval is a 95% confidence interval for a proportion.
type Interval struct{ Low, High float64 }

// Wilson returns the Wilson score interval at 95% for k successes in n trials:
// unlike the normal approximation it stays inside [0, 1] and behaves near 0 and 1.
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{0, 1}
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return Interval{math.Max(0, centre-half), math.Min(1, centre+half)}
}
