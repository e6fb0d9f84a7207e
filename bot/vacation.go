package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
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
		return userf("Use /vacation start or /vacation end.")
	}
	user := userOf(i).ID
	if data.Options[0].Name == "end" {
		return b.vacationEnd(ctx, i, user)
	}
	var n float64
	if days, ok := options(i)["days"]; ok {
		n, _ = days.Value.(float64)
	}
	if n != math.Trunc(n) || n < 1 || n > float64(store.VacationAllowance/store.Day) {
		return userf("A vacation is 1 to 30 whole days.")
	}
	return b.vacationStart(ctx, i, user, int(n))
}

func (b *Bot) vacationStart(ctx context.Context, i *discordgo.Interaction, user string, days int) error {
	v, err := b.db.StartVacation(ctx, user, days)
	switch {
	case errors.Is(err, store.ErrOnVacation):
		cur, _, cerr := b.db.CurrentVacation(ctx, user)
		if cerr != nil {
			return cerr
		}
		return userf("You are on vacation already, until <t:%d:f> (<t:%d:R>). /vacation end brings you back early.", cur.End.Unix(), cur.End.Unix())
	case errors.Is(err, store.ErrAllowance):
		left, lerr := b.db.VacationDaysLeft(ctx, user)
		if lerr != nil {
			return lerr
		}
		if left == 0 {
			return userf("You have no vacation left for now: 30 days in any 365, and the time you took counts.")
		}
		return userf("You may take at most %s of vacation now: 30 days in any 365, and the time you took counts.", count(left, "day"))
	case err != nil:
		return err
	}
	b.kick() // the notices in the games' threads
	left, err := b.db.VacationDaysLeft(ctx, user)
	if err != nil {
		return err
	}
	return b.reply(i, "You are on vacation until <t:%d:f> (<t:%d:R>). The clocks of your games wait for you till then, and your opponents see it. "+
		"You may still move; a turn that comes to you starts when you are back. /vacation end brings you back early, and gives back the time you did not take. "+
		"Vacation left in the year: %s.", v.End.Unix(), v.End.Unix(), count(left, "day"))
}

func (b *Bot) vacationEnd(ctx context.Context, i *discordgo.Interaction, user string) error {
	v, err := b.db.EndVacation(ctx, user)
	if errors.Is(err, store.ErrNotFound) {
		return userf("You are not on vacation. /vacation start pauses your clocks.")
	}
	if err != nil {
		return err
	}
	b.kick()
	left, err := b.db.VacationDaysLeft(ctx, user)
	if err != nil {
		return err
	}
	return b.reply(i, "Welcome back! Your clocks run again. You were away %s; vacation left in the year: %s.",
		awayFor(v.End.Sub(v.Start)), count(left, "day"))
}

// awayFor is a time away in words: "3 days", "5 hours", "a few minutes".
func awayFor(d time.Duration) string {
	switch {
	case d >= store.Day:
		return count(int(d/store.Day), "day")
	case d >= time.Hour:
		return count(int(d/time.Hour), "hour")
	}
	return "a few minutes"
}

// count is "1 day", "3 days".
func count(n int, unit string) string { return fmt.Sprintf("%d %s%s", n, unit, plural(n)) }

// deliverVacation says in a game's thread that a player went on vacation or
// came back, without pinging anyone. A newer notice about the same player
// replaces an older one still waiting.
func (b *Bot) deliverVacation(ctx context.Context, a store.Announcement, g store.Game) error {
	if old, err := b.db.Superseded(ctx, a); err != nil || old {
		return errors.Join(err, skipIf(old, "a newer one replaces it"))
	}
	if !g.Active() {
		return skip("the game is over")
	}
	seat, _ := g.Seat(a.User)
	text := fmt.Sprintf("<@%s> is back from vacation.", a.User)
	if !a.Until.IsZero() {
		text = fmt.Sprintf("<@%s> is on vacation until <t:%d:f> (<t:%d:R>): their clock in game #%d waits till then.",
			a.User, a.Until.Unix(), a.Until.Unix(), g.ID)
	}
	if g.ToMove == seat {
		text += fmt.Sprintf(" Their move is due <t:%d:R>.", g.Deadline.Unix())
	}
	_, err := b.dc.Send(threadOf(g), &Message{Content: text, Nonce: nonce(a)})
	return err
}

// awayMark follows a player's name on a board or in /games while they are on
// vacation.
func awayMark(away map[string]time.Time, user string) string {
	end, ok := away[user]
	if !ok {
		return ""
	}
	return fmt.Sprintf(" · on vacation until <t:%d:R>", end.Unix())
}

// awayOf is who of g's players is on vacation, and until when.
func (b *Bot) awayOf(ctx context.Context, gs ...store.Game) (map[string]time.Time, error) {
	var users []string
	for _, g := range gs {
		for seat := range games.Player(2) {
			if g.Human(seat) {
				users = append(users, g.Players[seat])
			}
		}
	}
	return b.db.Away(ctx, users...)
}
