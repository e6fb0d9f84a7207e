package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
	"kilab/store"
)

// options maps a command's options by name (subcommands' options included).
func options(i *discordgo.Interaction) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	out := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range i.ApplicationCommandData().Options {
		out[o.Name] = o
		for _, sub := range o.Options {
			out[sub.Name] = sub
		}
	}
	return out
}

func optString(i *discordgo.Interaction, name string) string {
	if o, ok := options(i)[name]; ok {
		return strings.TrimSpace(fmt.Sprint(o.Value))
	}
	return ""
}

// gameOf reads the game option: a game id, as autocomplete offers it (a
// leading # is forgiven).
func (b *Bot) gameOf(ctx context.Context, i *discordgo.Interaction) (store.Game, error) {
	raw := strings.TrimPrefix(optString(i, optGame), "#")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return store.Game{}, lang.Fail("cmd.not_a_game", "Raw", strconv.Quote(clip(raw, 20)))
	}
	g, err := b.db.Game(ctx, id)
	if err != nil {
		return g, err
	}
	if _, plays := g.Seat(userOf(i).ID); (i.GuildID == "" && !plays) || (i.GuildID != "" && g.GuildID != i.GuildID) {
		return g, store.ErrNotFound // a server's games stay in it; in DMs, your own games only
	}
	return g, nil
}

// moveCommand is /move: the typed alternative to the buttons.
func (b *Bot) moveCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.gameOf(ctx, i)
	if err != nil {
		return err
	}
	move := optString(i, optMove)
	if move == "" {
		return b.noMove(ctx, i, g)
	}
	a := action{kind: "g", id: g.ID, version: g.Version, verb: "m", arg: move}
	if strings.EqualFold(move, "throw") || strings.EqualFold(move, langOf(i).T("cmd.throw")) {
		a.verb, a.arg = "t", ""
	}
	return b.gameAction(ctx, i, a, false)
}

// boardCommand is /board: the game's current board, with the controls when
// the one asking is on move.
func (b *Bot) boardCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.gameOf(ctx, i)
	if err != nil {
		return err
	}
	s, err := b.loadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	seat, plays := g.Seat(userOf(i).ID)
	m, err := b.board(langOf(i), s, boardOpts{controls: plays && seat == g.ToMove})
	if err != nil {
		return err
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// gamesCommand is /games [user]: active games, whose turn, time left, links.
func (b *Bot) gamesCommand(ctx context.Context, i *discordgo.Interaction) error {
	l := langOf(i)
	user := userOf(i)
	if i.GuildID != "" { // in DMs, only your own games: a server's games stay in it
		user = optUser(i, "user")
	}
	list, err := b.db.ActiveGames(ctx, user.ID, i.GuildID)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return b.reply(i, "%s", l.T("games_list.none", "User", user.ID))
	}
	away, err := b.awayOf(ctx, list...)
	if err != nil {
		return err
	}
	var lines []string
	for _, g := range list {
		lines = append(lines, gameLine(l, g, away))
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: clip(l.T("games_list.title", "User", displayName(user)), 256), Description: fitLinesIn(l, lines, 4096),
	}}})
}

// gameLine is one game of /games: its players, who is to move and by when,
// who of them is away, and a link to its thread.
func gameLine(l *lang.Lang, g store.Game, away map[string]time.Time) string {
	parts := []string{l.T("games_list.line", "Title", kindTitle(g.Kind), "ID", g.ID, "First", g.Players[0], "Second", g.Players[1],
		"Computer", computerNote(l, g), "ToMove", g.Players[g.ToMove])}
	if !g.Deadline.IsZero() && !g.ComputerOnMove() {
		parts = append(parts, l.T("games_list.due", "Unix", g.Deadline.Unix()))
	}
	for _, p := range g.Players {
		if end, ok := away[p]; ok {
			parts = append(parts, l.T("games_list.away", "User", p, "Unix", end.Unix()))
		}
	}
	return strings.Join(append(parts, channelLink(g.GuildID, threadOf(g))), " · ")
}

// computerNote marks a game against the computer in lists: " (computer,
// hard; unrated)".
func computerNote(l *lang.Lang, g store.Game) string {
	if !g.Computer.Plays() {
		return ""
	}
	return " " + l.T("games_list.computer", "Level", choiceText(l, nil, g.Computer.Level))
}

// settings is /settings: DMs, reminders, automatic only moves and throws.
func (b *Bot) settings(ctx context.Context, i *discordgo.Interaction) error {
	user := userOf(i).ID
	opts := options(i)
	if o, ok := opts["dms"]; ok {
		on, _ := o.Value.(bool)
		if err := b.db.SetDMs(ctx, user, on); err != nil {
			return err
		}
	}
	if o, ok := opts["reminders"]; ok {
		on, _ := o.Value.(bool)
		if err := b.db.SetReminders(ctx, user, on); err != nil {
			return err
		}
	}
	if o, ok := opts["automove"]; ok {
		on, _ := o.Value.(bool)
		if err := b.db.SetAutoMove(ctx, user, on); err != nil {
			return err
		}
	}
	if o, ok := opts["autothrow"]; ok {
		on, _ := o.Value.(bool)
		if err := b.db.SetAutoThrow(ctx, user, on); err != nil {
			return err
		}
	}
	set, err := b.db.Settings(ctx, user)
	if err != nil {
		return err
	}
	l := langOf(i)
	text := l.T("settings.now", "DMs", onOff(l, set.DMs), "Reminders", onOff(l, set.Reminders),
		"AutoMove", onOff(l, set.AutoMove), "AutoThrow", onOff(l, set.AutoThrow))
	if set.DMs && !set.DMsClosed.IsZero() {
		text += "\n" + l.T("settings.closed")
	}
	return b.reply(i, "%s", text)
}

func onOff(l *lang.Lang, on bool) string {
	if on {
		return l.T("settings.on")
	}
	return l.T("settings.off")
}

// help is /help: what Kilab is, how to start and play, and every command.
func (b *Bot) help(i *discordgo.Interaction) error {
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: "Kilab", Description: langOf(i).T("help.text"), Color: brandColour,
	}}})
}
