package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/store"
)

// command routes a slash command.
func (b *Bot) command(ctx context.Context, i *discordgo.Interaction) error {
	switch name := i.ApplicationCommandData().Name; name {
	case "challenge":
		return b.challenge(ctx, i)
	case "move":
		return b.moveCommand(ctx, i)
	case "board":
		return b.boardCommand(ctx, i)
	case "games":
		return b.gamesCommand(ctx, i)
	case "resign":
		return b.resign(ctx, i)
	case "draw":
		return b.drawCommand(ctx, i)
	case "settings":
		return b.settings(ctx, i)
	case "vacation":
		return b.vacation(ctx, i)
	case "tournament":
		return b.tournamentCommand(ctx, i)
	case "standings":
		return b.standingsCommand(ctx, i)
	case "help":
		return b.help(i)
	case "rules":
		return b.rulesCommand(i)
	case "leaderboard":
		return b.leaderboardCommand(ctx, i)
	case "stats":
		return b.statsCommand(ctx, i)
	case "history":
		return b.historyCommand(ctx, i)
	case "review":
		return b.reviewCommand(ctx, i)
	default:
		return userf("I do not know the command /%s.", name)
	}
}

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
		return store.Game{}, userf("%q is not a game: pick one from the list, or give its number.", clip(raw, 20))
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
	if strings.EqualFold(move, "throw") {
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
	user := userOf(i)
	if i.GuildID != "" { // in DMs, only your own games: a server's games stay in it
		user = optUser(i, "user")
	}
	list, err := b.db.ActiveGames(ctx, user.ID, i.GuildID)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return b.reply(i, "<@%s> has no games in play. Start one with /challenge.", user.ID)
	}
	away, err := b.awayOf(ctx, list...)
	if err != nil {
		return err
	}
	var lines []string
	for _, g := range list {
		lines = append(lines, b.gameLine(g, away))
	}
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("Games of %s", displayName(user)), Description: fitLines(lines, 4096),
	}}})
}

func (b *Bot) gameLine(g store.Game, away map[string]time.Time) string {
	title := kindTitle(g.Kind)
	line := fmt.Sprintf("**%s #%d**: <@%s> vs <@%s>%s · <@%s> to move", title, g.ID, g.Players[0], g.Players[1], computerNote(g), g.Players[g.ToMove])
	if !g.Deadline.IsZero() && !g.ComputerOnMove() {
		line += fmt.Sprintf(" · due <t:%d:R>", g.Deadline.Unix())
	}
	for _, p := range g.Players {
		if end, ok := away[p]; ok {
			line += fmt.Sprintf(" · <@%s> on vacation until <t:%d:R>", p, end.Unix())
		}
	}
	return line + " · " + channelLink(g.GuildID, threadOf(g))
}

// computerNote marks a game against the computer in lists: " (computer,
// hard; unrated)".
func computerNote(g store.Game) string {
	if !g.Computer.Plays() {
		return ""
	}
	return fmt.Sprintf(" (computer, %s; unrated)", g.Computer.Level)
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
	return b.reply(i, "Turn DMs: **%s**. Reminders: **%s**. Only possible moves played for you: **%s**. Throws made for you: **%s**.%s",
		onOff(set.DMs), onOff(set.Reminders), onOff(set.AutoMove), onOff(set.AutoThrow), closedNote(set))
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func closedNote(s store.Settings) string {
	if s.DMs && !s.DMsClosed.IsZero() {
		return "\nDiscord refused my last DM to you, so I only mention you in game threads. Allow DMs from server members, then run /settings dms:true."
	}
	return ""
}

func (b *Bot) help(i *discordgo.Interaction) error {
	text := "Kilab plays three ancient Egyptian board games, one move at a time, over hours or days: " +
		"**Aseb** (the Game of Twenty Squares), **Tab** and **Seega**.\n\n" +
		"**1. Challenge**: `/challenge aseb` (or `tab`, `seega`) in a server channel, naming an opponent or leaving it open for anyone.\n" +
		"**2. Accept**: the other player presses **Accept**; the game gets its own thread. " +
		"Nobody to play? Challenge Kilab itself (`opponent:` the bot, `level:` easy, medium or hard): the computer accepts at once and answers each move within seconds; such games are unrated.\n" +
		"**3. Play**: when it is your turn you get the board with buttons, in the thread and by DM. Press **Throw**, then your move. " +
		"Or type `/move`, which lists your games and their moves.\n" +
		"**Moves** are in words on the buttons (\"enter on 2\", \"5 → 8, captures\"); `/move` takes them in short notation (`in-2`, `5x8`, `1a7-b7`, `D2+E2`), " +
		"shown next to the words as you type. `/rules` explains each game's notation; docs/notation.md in Kilab's source is the full guide.\n\n" +
		"Also: `/board` shows a game, `/games` lists games in play, `/draw` offers a draw (Tab, Seega), `/resign` gives one up, " +
		"`/rules` explains a game (the complete rulebook is docs/rules.md in Kilab's source), `/leaderboard` and `/stats` show ratings, `/history` sends a game's record and replay, " +
		"`/settings` turns DMs, reminders, the playing of a turn's only possible move and the throwing of your throws on or off, " +
		"`/vacation start` pauses the clocks of all your games for up to 30 days a year, " +
		"`/standings` shows a server tournament's table (those who manage the server run them with `/tournament`). " +
		"A move not made in time loses the game (a reminder comes first); while a player has yet to make a move, running out of time or resigning aborts the game, unrated (in a tournament it loses)."
	return b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Ephemeral: true, Embeds: []*discordgo.MessageEmbed{{
		Title: "Kilab", Description: text, Color: brandColour,
	}}})
}
