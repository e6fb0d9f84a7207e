package kit

import (
	"context"

	"kilab/store"
)

// Commit is store.Commit, told to OnCommit (the metrics count it by what it
// did): every change to a game in play (a click, a command, the computer,
// the sweep) goes through here.
func (b *Core) Commit(ctx context.Context, c store.Commit) (store.Game, []store.RatingChange, error) {
	g, changes, err := b.DB.Commit(ctx, c)
	if b.OnCommit != nil {
		b.OnCommit(c, err)
	}
	return g, changes, err
}
