package kit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// State is a stored game made playable: its engine, the position replayed from
// its record, and what the board shows of the plies since its reader's last
// move (render.Last.Span).
type State struct {
	G     store.Game
	Game  games.Game
	Pos   games.Position
	Plies []games.Ply
	Last  render.Last
	// away is when the vacations of the game's players who are on one end.
	Away map[string]time.Time
	// Link is the game's page on the web; "" where there is none to show.
	Link string
}

// Load makes g playable as the caller saw it: a game that has moved on since
// is a conflict, like a click on an old board.
func (b *Core) Load(ctx context.Context, g store.Game) (*State, error) {
	s, err := b.LoadLatest(ctx, g.ID)
	if err == nil && s.G.Version != g.Version {
		return nil, fmt.Errorf("game %d moved on from version %d to %d: %w", g.ID, g.Version, s.G.Version, store.ErrConflict)
	}
	return s, err
}

// LoadLatest replays a game's record as it stands now. The record, not the
// stored position, is the truth: a stored position that disagrees with it
// (written by an older program, in an older notation) is re-derived from the
// record, never a reason to refuse the game.
func (b *Core) LoadLatest(ctx context.Context, id int64) (*State, error) {
	g, rec, err := b.DB.GameRecord(ctx, id)
	if err != nil {
		return nil, err
	}
	game, start, err := games.Start(g.Kind, g.Config)
	if err != nil {
		return nil, err
	}
	plies := store.Plies(rec)
	pos, last, err := render.FromRecordSince(start, plies)
	if err != nil {
		return nil, fmt.Errorf("game %d: replaying its record: %w", g.ID, err)
	}
	if pos.String() != g.Position {
		if err := b.refresh(ctx, &g, pos); err != nil {
			return nil, err
		}
	}
	away, err := b.AwayOf(ctx, g)
	if err != nil {
		return nil, err
	}
	link, err := b.webLink(ctx, g)
	if err != nil {
		return nil, err
	}
	return &State{G: g, Game: game, Pos: pos, Plies: plies, Last: last, Away: away, Link: link}, nil
}

// refresh replaces g's stored position, which disagrees with its record, by
// the record's. A game that moved on meanwhile is left to its new commit.
func (b *Core) refresh(ctx context.Context, g *store.Game, pos games.Position) error {
	b.Log.Warn("stored position re-derived from the record", "game", g.ID, "stored", Clip(g.Position, 200), "record", Clip(pos.String(), 200))
	err := b.DB.RefreshPosition(ctx, g.ID, g.Version, pos.String())
	if errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("game %d moved on while loading: %w", g.ID, err)
	}
	g.Position = pos.String()
	return err
}

// EndOf is how a position ends the game by its own rules, or nil.
func EndOf(pos games.Position) *store.End {
	o := pos.Outcome()
	switch o.Status {
	case games.Won:
		return &store.End{Result: store.Win(o.Winner), Reason: o.Reason.String()}
	case games.Drawn:
		return &store.End{Result: store.Draw, Reason: o.Reason.String()}
	}
	return nil
}

// LiveSeat is the seat user plays in g, which must go on: the check every
// player's action (resign, draw) starts with.
func LiveSeat(g store.Game, user string) (games.Player, error) {
	seat, ok := g.Seat(user)
	switch {
	case !ok:
		return seat, lang.Fail("play.not_playing_game", "Game", g.ID)
	case !g.Active():
		return seat, games.ErrGameOver
	}
	return seat, nil
}

// ThreadOf is where a game is played: its thread, or its channel where the
// bot could not open one.
func ThreadOf(g store.Game) string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}
