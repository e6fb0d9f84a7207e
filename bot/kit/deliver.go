package kit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"kilab/lang"
	"kilab/store"

	"github.com/bwmarrin/discordgo"
)

// Skip is an announcement with nothing left to say: the game moved on, the
// offer lapsed, the user wants no DMs.
type Skip string

func (s Skip) Error() string { return "skipped: " + string(s) }

func SkipIf(cond bool, why string) error {
	if cond {
		return Skip(why)
	}
	return nil
}

// Nonce is an announcement's message nonce: the same however often it is sent.
func Nonce(a store.Announcement) string { return fmt.Sprintf("kilab-a%d", a.ID) }

// Hold puts an announcement off until Until without it being a failure
// or an attempt: a DM waiting for its reader's quiet hours to end.
type Hold struct{ Until time.Time }

func (h Hold) Error() string { return "held until " + h.Until.UTC().Format(time.RFC3339) }

// QuietHold is a Hold until the end of the quiet hours of the reader whose
// settings are s, if now falls inside them; else nil.
func QuietHold(s store.Settings, now time.Time) error {
	if inside, end := s.Quiet.Around(now); inside {
		return Hold{Until: end}
	}
	return nil
}

// ErrLater puts an announcement off without it being a failure: what it
// needs is not there yet.
var ErrLater = errors.New("kit: not yet")

// SendDM sends a direct message about something in guild if the user's
// settings allow it by want, made by build in the user's language (DMLang:
// their settings carry it, so it costs no query of its own). It returns no message, and no error, where they do
// not; where Discord says their DMs are closed (50007) the bot stops trying
// until /settings turns DMs on, and the mention in the thread is their
// notification.
func (b *Core) SendDM(ctx context.Context, user, guild string, want func(store.Settings) bool, build func(*lang.Lang) (*Message, error)) (string, *discordgo.Message, error) {
	set, err := b.DB.Settings(ctx, user)
	if err != nil || !want(set) {
		return "", nil, err
	}
	m, err := build(b.DMLang(ctx, set, guild))
	if err != nil {
		return "", nil, err
	}
	ch, msg, err := b.sendDM(ctx, user, set.DMChannel, m)
	if set.DMChannel != "" && ErrorCode(err) == CodeUnknownChannel {
		// The kept channel is gone: forgotten, and opened again, once.
		b.Logger(ctx).Info("a kept DM channel is gone; opening another", "user", user, "channel", set.DMChannel)
		if err := b.DB.SetDMChannel(ctx, user, ""); err != nil {
			return "", nil, err
		}
		ch, msg, err = b.sendDM(ctx, user, "", m)
	}
	if ErrorCode(err) == CodeCannotDM {
		b.dmFailed("closed")
		b.Logger(ctx).Info("DMs closed; using thread mentions only", "user", user)
		return "", nil, b.DB.MarkDMsClosed(ctx, user)
	}
	if err != nil {
		b.dmFailed("other")
	}
	return ch, msg, err
}

// sendDM sends m to user's DM channel: kept, the one their settings keep;
// else one Discord opens, which is kept for the next time (a user's DM
// channel never changes).
func (b *Core) sendDM(ctx context.Context, user, kept string, m *Message) (string, *discordgo.Message, error) {
	ch, err := b.DMChannel(ctx, user, kept)
	if err != nil {
		return "", nil, err
	}
	msg, err := b.Discord(ctx).Send(ch, m)
	return ch, msg, err
}

// DMChannel is user's DM channel: kept, the one their settings keep (""
// for none), or one Discord opens, then kept. A channel that could not be
// kept is still used: the next DM opens it again.
func (b *Core) DMChannel(ctx context.Context, user, kept string) (string, error) {
	if kept != "" {
		return kept, nil
	}
	ch, err := b.Discord(ctx).DMChannel(user)
	if err != nil {
		return "", err
	}
	if err := b.DB.SetDMChannel(ctx, user, ch); err != nil {
		b.Logger(ctx).Warn("could not keep a DM channel", "user", user, "err", err)
	}
	return ch, nil
}

// dmFailed tells OnDMFailure why Discord refused a DM.
func (b *Core) dmFailed(reason string) {
	if b.OnDMFailure != nil {
		b.OnDMFailure(reason)
	}
}
