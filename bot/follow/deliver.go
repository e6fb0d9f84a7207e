package follow

import (
	"cmp"
	"context"
	"errors"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// Kinds are the announcements this feature delivers, for the delivery's
// table of kinds.
func (f *Follows) Kinds() map[string]func(context.Context, store.Announcement) error {
	return map[string]func(context.Context, store.Announcement) error{
		store.AnnounceFollowGame:     f.deliverGame,
		store.AnnounceFollowRound:    f.deliverTournament,
		store.AnnounceFollowFinished: f.deliverTournament,
	}
}

// deliverGame DMs a game's follower its board after a move, or its end,
// as the game stands now: an older DM a newer one replaces says nothing.
// A follower who takes the daily digest hears of the end only.
func (f *Follows) deliverGame(ctx context.Context, a store.Announcement) error {
	if old, err := f.DB.Superseded(ctx, a); err != nil || old {
		return errors.Join(err, kit.SkipIf(old, "a newer one replaces it"))
	}
	if follows, _, err := f.DB.FollowsGame(ctx, a.User, a.Game); err != nil || !follows {
		return cmp.Or[error](err, kit.Skip("no longer followed")) // a failed read is tried again, not taken for a no
	}
	s, err := f.LoadLatest(ctx, a.Game)
	if err != nil {
		return err
	}
	set, err := f.DB.Settings(ctx, a.User)
	if err != nil {
		return err
	}
	if s.G.Active() && set.Digest {
		return kit.Skip("moves are left to the daily digest")
	}
	if err := kit.QuietHold(set, f.DB.Now()); err != nil {
		return err
	}
	_, _, err = f.SendDM(ctx, a.User, s.G.GuildID, store.Settings.CanDM, func(l *lang.Lang) (*kit.Message, error) {
		m, err := f.Board(l, s, kit.BoardOpts{})
		if err != nil {
			return nil, err
		}
		m = kit.DMCopy(m, gameText(l, s, f.Name))
		m.Nonce = kit.Nonce(a)
		return m, nil
	})
	return err
}

// gameText is the line above a followed game's board in l.
func gameText(l *lang.Lang, s *kit.State, name func(*lang.Lang, string) string) string {
	link := kit.ChannelLink(s.G.GuildID, kit.ThreadOf(s.G))
	if !s.G.Active() {
		return l.T("follow.dm.over", "Game", s.Game.Title(), "ID", s.G.ID, "Result", s.ResultText(l), "Link", link)
	}
	return l.T("follow.dm.move", "Game", s.Game.Title(), "ID", s.G.ID, "Player", name(l, s.G.Players[s.G.ToMove]), "Link", link)
}

// deliverTournament DMs a tournament's follower that a round is paired, or
// that it is over, with where to look; to one who has unfollowed it since
// (the DM held for their quiet hours), nothing.
func (f *Follows) deliverTournament(ctx context.Context, a store.Announcement) error {
	if follows, err := f.DB.FollowsTournament(ctx, a.User, a.Tournament); err != nil || !follows {
		return cmp.Or[error](err, kit.Skip("no longer followed"))
	}
	t, err := f.DB.Tournament(ctx, a.Tournament)
	if err != nil {
		return err
	}
	set, err := f.DB.Settings(ctx, a.User)
	if err != nil {
		return err
	}
	if err := kit.QuietHold(set, f.DB.Now()); err != nil {
		return err
	}
	title := kit.KindTitle(t.Kind)
	link := kit.ChannelLink(t.GuildID, t.ChannelID)
	_, _, err = f.SendDM(ctx, a.User, t.GuildID, store.Settings.CanDM, func(l *lang.Lang) (*kit.Message, error) {
		text := l.T("follow.dm.round", "ID", t.ID, "Game", title, "Round", a.Round, "Link", link)
		if a.Kind == store.AnnounceFollowFinished {
			text = l.T("follow.dm.finished", "ID", t.ID, "Game", title, "Link", link)
		}
		return &kit.Message{Content: text, Nonce: kit.Nonce(a)}, nil
	})
	return err
}
