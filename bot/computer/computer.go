package computer

import (
	"context"
	"fmt"
	"kilab/bot/kit"
	"sync"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/store"
)

// The computer opponent's turns. Its moves are not an announcement but the store's
// to-do list (store.DB.ComputerOnMove): every game in play whose player on
// move is the computer. The loop below plays them after every commit (kick)
// and polls for the rest, so a move due when the bot stopped is played when it
// starts again, and nothing needs to remember it was due.
const (
	// computerPoll is how often the computer looks for its turns without
	// being woken.
	computerPoll = 5 * time.Second
	// ComputerThinkTime is the most the computer thinks about one move.
	ComputerThinkTime = 2 * time.Second
	// computerBatch bounds the games taken per look; the rest wait a turn.
	computerBatch = 20
)

// Run plays the computer's turns until ctx ends. One game at a time: the
// agents use a core each while they think.
func (b *Computer) Run(ctx context.Context) {
	t := time.NewTicker(computerPoll)
	defer t.Stop()
	for {
		if err := b.Play(ctx); err != nil && ctx.Err() == nil {
			b.Log.Error("computer turns", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-b.wake:
		case <-t.C:
		}
	}
}

// Play plays every turn that waits for the computer now. The loop calls it;
// tests call it to play at a point of their choosing.
func (b *Computer) Play(ctx context.Context) error {
	b.thinking.Lock()
	defer b.thinking.Unlock()
	due, err := b.DB.ComputerOnMove(ctx, computerBatch)
	if err != nil {
		return err
	}
	for _, g := range due {
		if ctx.Err() != nil {
			return nil
		}
		if err := b.computerTurn(ctx, g); err != nil && !kit.IsConflict(err) {
			b.Log.Error("computer turn", "game", g.ID, "level", g.Computer.Level, "err", err)
		}
	}
	return nil
}

// computerTurn plays the computer's turn in g: its throws, drawn from the
// same source as a person's, and its moves, each chosen by its agent and
// checked by the engine; then what the person's settings play by themselves.
// It commits at the version it read, so a resignation meanwhile wins and the
// turn is simply not played.
func (b *Computer) computerTurn(ctx context.Context, g store.Game) error {
	s, err := b.Load(ctx, g)
	if err != nil {
		return err
	}
	agent, err := b.Computer.Agent(g.Kind, g.Computer.Level, g.Config, b.Src)
	if err != nil {
		return err
	}
	var rec games.Recorder
	pos, moved, err := b.computerPlays(ctx, s.Pos, g.Computer.Seat, agent, &rec)
	if err != nil {
		return err
	}
	pos, _, err = b.AutoMoves(ctx, g, s.Game, pos, &rec)
	if err != nil {
		return err
	}
	if len(rec.Plies) == 0 {
		return fmt.Errorf("computer turn in game %d: nothing to play at %q", g.ID, g.Position)
	}
	_, _, err = b.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, Plies: rec.Plies, Moved: moved,
		Position: pos.String(), ToMove: pos.Due().Player, End: kit.EndOf(pos), Announce: true})
	if err == nil {
		b.Kick()
	}
	return err
}

// computerPlays plays for seat while it is on move. moved reports whether it
// chose a move itself (for the abort rule, as for a person).
func (b *Computer) computerPlays(ctx context.Context, pos games.Position, seat games.Player, agent ai.Agent, rec *games.Recorder) (games.Position, bool, error) {
	moved := false
	for range kit.MaxAutoMoves {
		due := pos.Due()
		if due.Kind == games.DueNothing || due.Player != seat {
			break
		}
		var err error
		if due.Kind == games.DueThrow {
			pos, err = games.Roll(pos, seat, b.Src, rec)
		} else {
			pos, err = b.computerMove(ctx, pos, seat, agent, rec)
			moved = true
		}
		if err != nil {
			return pos, moved, err
		}
	}
	return pos, moved, nil
}

// computerMove asks the agent for one move and plays it, with what follows by
// itself.
func (b *Computer) computerMove(ctx context.Context, pos games.Position, seat games.Player, agent ai.Agent, rec *games.Recorder) (games.Position, error) {
	next, mv, err := ai.Decide(ctx, pos, agent, ComputerThinkTime)
	if err != nil {
		return pos, err
	}
	rec.Move(seat, mv)
	return games.Advance(next, b.Src, rec)
}

// Computer plays the computer's turns in every game, on the bot's shared Core.
type Computer struct {
	*kit.Core
	wake     chan struct{} // Wake's nudge
	thinking sync.Mutex    // one Play at a time
}

// New is the computer player of the bot whose Core is core.
func New(core *kit.Core) *Computer { return &Computer{Core: core, wake: make(chan struct{}, 1)} }

// Wake has Run look for the computer's turns now: a commit may have handed
// it one.
func (b *Computer) Wake() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}
