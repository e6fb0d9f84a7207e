package bot

import (
	"context"
	"errors"
	"kilab/bot/kit"
	"math"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/store"
)

// vacationCommand is /vacation's definition: start (days) and end.
func vacationCommand() *discordgo.ApplicationCommand {
	one, most := 1.0, float64(store.VacationAllowance/store.Day)
	days := option(discordgo.ApplicationCommandOptionInteger, "days", lang.T("cmd.opt.days"), lang.T("cmd.vacation.days"), true)
	days.MinValue, days.MaxValue = &one, most
	return command("vacation", lang.T("cmd.vacation.name"), lang.T("cmd.vacation.desc"),
		subcommand("start", lang.T("cmd.vacation.start"), lang.T("cmd.vacation.start_desc"), days),
		subcommand("end", lang.T("cmd.vacation.end"), lang.T("cmd.vacation.end_desc")),
	)
}

// vacation is /vacation start days and /vacation end.
func (b *Bot) vacation(ctx context.Context, i *discordgo.Interaction) error {
	data := i.ApplicationCommandData()
	if len(data.Options) != 1 {
		return lang.Fail("vac.err.use")
	}
	user := kit.UserOf(i).ID
	if data.Options[0].Name == "end" {
		return b.vacationEnd(ctx, i, user)
	}
	var n float64
	if days, ok := kit.Options(i)["days"]; ok {
		n, _ = days.Value.(float64)
	}
	if n != math.Trunc(n) || n < 1 || n > float64(store.VacationAllowance/store.Day) {
		return lang.Fail("vac.err.days")
	}
	return b.vacationStart(ctx, i, user, int(n))
}

func (b *Bot) vacationStart(ctx context.Context, i *discordgo.Interaction, user string, days int) error {
	v, err := b.DB.StartVacation(ctx, user, days)
	switch {
	case errors.Is(err, store.ErrOnVacation):
		cur, _, cerr := b.DB.CurrentVacation(ctx, user)
		if cerr != nil {
			return cerr
		}
		return lang.Fail("vac.err.already", "Unix", cur.End.Unix())
	case errors.Is(err, store.ErrAllowance):
		left, lerr := b.DB.VacationDaysLeft(ctx, user)
		if lerr != nil {
			return lerr
		}
		if left == 0 {
			return lang.Fail("vac.err.none_left")
		}
		return lang.Fail("vac.err.at_most", "Days", kit.LangOf(i).N("vac.n.days", left))
	case err != nil:
		return err
	}
	b.kick() // the notices in the games' threads
	left, err := b.DB.VacationDaysLeft(ctx, user)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	return b.Reply(i, "%s", l.T("vac.started", "Unix", v.End.Unix(), "Left", l.N("vac.n.days", left)))
}

func (b *Bot) vacationEnd(ctx context.Context, i *discordgo.Interaction, user string) error {
	v, err := b.DB.EndVacation(ctx, user)
	if errors.Is(err, store.ErrNotFound) {
		return lang.Fail("vac.err.not_on")
	}
	if err != nil {
		return err
	}
	b.kick()
	left, err := b.DB.VacationDaysLeft(ctx, user)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	return b.Reply(i, "%s", l.T("vac.back", "Away", awayFor(l, v.End.Sub(v.Start)), "Left", l.N("vac.n.days", left)))
}

// awayFor is a time away in words: "3 days", "5 hours", "a few minutes".
func awayFor(l *lang.Lang, d time.Duration) string {
	switch {
	case d >= store.Day:
		return l.N("vac.n.days", int(d/store.Day))
	case d >= time.Hour:
		return l.N("vac.n.hours", int(d/time.Hour))
	}
	return l.T("vac.a_few_minutes")
}

// deliverVacation says in a game's thread that a player went on vacation or
// came back, without pinging anyone, in the thread's language. A newer notice
// about the same player replaces an older one still waiting.
func (b *Bot) deliverVacation(ctx context.Context, a store.Announcement, g store.Game) error {
	if old, err := b.DB.Superseded(ctx, a); err != nil || old {
		return errors.Join(err, skipIf(old, "a newer one replaces it"))
	}
	if !g.Active() {
		return skip("the game is over")
	}
	l := b.GameLang(ctx, g)
	seat, _ := g.Seat(a.User)
	text := l.T("vac.notice.back", "User", a.User)
	if !a.Until.IsZero() {
		text = l.T("vac.notice.away", "User", a.User, "Unix", a.Until.Unix(), "Game", g.ID)
	}
	if g.ToMove == seat {
		text += " " + l.T("vac.notice.due", "Unix", g.Deadline.Unix())
	}
	_, err := b.DC.Send(kit.ThreadOf(g), &kit.Message{Content: text, Nonce: nonce(a)})
	return err
}

// awayLine is "<@user> on vacation until <t:…:R>", for lists of games.
func awayLine(l *lang.Lang, user string, until time.Time) string {
	return l.T("vac.user_until", "User", user, "Unix", until.Unix())
}
