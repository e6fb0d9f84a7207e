package bot

import (
	"context"

	"kilab/store"
)

// commit is store.Commit, counted in the metrics by what it did: every change
// to a game in play (a click, a command, the computer, the sweep) goes
// through here.
func (b *Bot) commit(ctx context.Context, c store.Commit) (store.Game, []store.RatingChange, error) {
	g, changes, err := b.DB.Commit(ctx, c)
	b.met.commit(c, err)
	return g, changes, err
}
