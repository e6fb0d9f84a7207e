package vacation

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

// Command is /vacation's definition: start (days) and end.
func Command() *discordgo.ApplicationCommand {
	one, most := 1.0, float64(store.VacationAllowance/store.Day)
	days := kit.Option(discordgo.ApplicationCommandOptionInteger, "days", lang.T("cmd.opt.days"), lang.T("cmd.vacation.days"), true)
	days.MinValue, days.MaxValue = &one, most
	return kit.Command("vacation", lang.T("cmd.vacation.name"), lang.T("cmd.vacation.desc"),
		kit.Subcommand("start", lang.T("cmd.vacation.start"), lang.T("cmd.vacation.start_desc"), days),
		kit.Subcommand("end", lang.T("cmd.vacation.end"), lang.T("cmd.vacation.end_desc")),
	)
}

// Vacation is /vacation start days and /vacation end.
func (b *Vacations) Vacation(ctx context.Context, i *discordgo.Interaction) error {
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

func (b *Vacations) vacationStart(ctx context.Context, i *discordgo.Interaction, user string, days int) error {
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
	b.Kick() // the notices in the games' threads
	left, err := b.DB.VacationDaysLeft(ctx, user)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	return b.Reply(i, "%s", l.T("vac.started", "Unix", v.End.Unix(), "Left", l.N("vac.n.days", left)))
}

func (b *Vacations) vacationEnd(ctx context.Context, i *discordgo.Interaction, user string) error {
	v, err := b.DB.EndVacation(ctx, user)
	if errors.Is(err, store.ErrNotFound) {
		return lang.Fail("vac.err.not_on")
	}
	if err != nil {
		return err
	}
	b.Kick()
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

// Deliver says in a game's thread that a player went on vacation or
// came back, without pinging anyone, in the thread's language. A newer notice
// about the same player replaces an older one still waiting. The game's
// boards are not its business: the delivery draws them again (with the new
// due time and mark) before it hands the notice over.
func (b *Vacations) Deliver(ctx context.Context, a store.Announcement) error {
	g, err := b.DB.Game(ctx, a.Game)
	if err != nil {
		return err
	}
	if old, err := b.DB.Superseded(ctx, a); err != nil || old {
		return errors.Join(err, kit.SkipIf(old, "a newer one replaces it"))
	}
	switch {
	case !g.Active():
		return kit.Skip("the game is over")
	case g.Computer.Plays():
		// The computer needs no telling; the delivery redrew the boards.
		return kit.Skip("a game against the computer")
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
	_, err = b.DC.Send(kit.ThreadOf(g), &kit.Message{Content: text, Nonce: kit.Nonce(a)})
	return err
}

// awayLine is "<@user> on vacation until <t:…:R>", for lists of games.
func awayLine(l *lang.Lang, user string, until time.Time) string {
	return l.T("vac.user_until", "User", user, "Unix", until.Unix())
}
