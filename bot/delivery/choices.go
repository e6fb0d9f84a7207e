package delivery

import (
	"context"

	"kilab/bot/kit"
	"kilab/store"
)

// readerChose applies what the reader of a game's DM (a's user) chose
// about DMs: none about a game they muted; no turn DM for one who takes the
// daily digest, which lists their turns instead; and none during their
// quiet hours, when the DM is held (kit.Hold) until they end. A held turn
// DM whose turn passes meanwhile is skipped when it falls due, as any turn
// DM is; nothing of its game waits for it (store's inTurn).
func (b *Delivery) readerChose(ctx context.Context, a store.Announcement) error {
	muted, _, err := b.DB.Muted(ctx, a.User, a.Game)
	switch {
	case err != nil:
		return err
	case muted:
		return kit.Skip("muted")
	}
	s, err := b.DB.Settings(ctx, a.User)
	if err != nil {
		return err
	}
	if a.Kind == store.AnnounceTurnDM && s.Digest && s.CanDM() {
		return kit.Skip("in the daily digest")
	}
	return kit.QuietHold(s, b.DB.Now())
}
