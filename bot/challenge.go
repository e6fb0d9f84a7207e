package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
)

// challengeSpec is what /challenge asked for.
type challengeSpec struct {
	game     games.Game
	cfg      games.Config
	opponent *discordgo.User
	first    store.First
	days     int
	rated    bool
	level    string // the computer's level: only with the bot itself as opponent
}

// challenge handles /challenge GAME [opponent] [options].
func (b *Bot) challenge(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return userf("Challenges are made in a server channel, where the game gets its thread: use /challenge there.")
	}
	spec, err := parseChallenge(i)
	if err != nil {
		return err
	}
	me := userOf(i)
	if spec.opponent != nil && spec.opponent.ID == b.self() && b.self() != "" {
		return b.challengeComputer(ctx, i, spec, me)
	}
	if err := spec.check(me, b.self()); err != nil {
		return err
	}
	c, err := b.db.CreateChallenge(ctx, store.Challenge{
		GuildID: i.GuildID, ChannelID: i.ChannelID, Challenger: me.ID, Opponent: idOf(spec.opponent),
		Kind: spec.game.Name(), Config: spec.cfg, First: spec.first,
		TimeLimit: time.Duration(spec.days) * 24 * time.Hour, Rated: spec.rated,
	})
	if err != nil {
		return err
	}
	if err := b.dc.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, challengeMessage(c, spec.game, true)); err != nil {
		return err
	}
	if msg, err := b.dc.Original(i); err == nil {
		_ = b.db.SetChallengeMessage(ctx, c.ID, msg.ID)
		c.MessageID = msg.ID
	} else {
		b.logger(ctx).Warn("could not read the challenge message back", "err", err)
	}
	b.kick() // the opponent's DM was recorded with the challenge
	return nil
}

func idOf(u *discordgo.User) string {
	if u == nil {
		return ""
	}
	return u.ID
}

func (s challengeSpec) check(me *discordgo.User, self string) error {
	switch {
	case s.level != "":
		return userf("The level is the computer's strength: it applies only when you challenge <@%s> itself.", self)
	case s.opponent == nil:
		return nil
	case s.opponent.ID == me.ID:
		return userf("You cannot challenge yourself. Leave out the opponent for an open challenge anyone may accept.")
	case s.opponent.Bot:
		return userf("%s is a bot and cannot play. Challenge a person, or leave out the opponent for an open challenge.", displayName(s.opponent))
	}
	return nil
}

// parseChallenge reads the subcommand and its options; the game's own options
// go through games.Normalize, which says which variant an option belongs to.
func parseChallenge(i *discordgo.Interaction) (challengeSpec, error) {
	data := i.ApplicationCommandData()
	if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return challengeSpec{}, userf("Choose a game: %s.", orList(each("/challenge ", games.Names())))
	}
	sub := data.Options[0]
	g, err := games.Lookup(sub.Name)
	if err != nil {
		return challengeSpec{}, err
	}
	spec := challengeSpec{game: g, first: store.FirstRandom, days: 3, rated: true}
	cfg := games.Config{Options: map[string]string{}}
	for _, o := range sub.Options {
		spec.read(o, &cfg, data.Resolved)
	}
	if spec.cfg, err = games.Normalize(g, cfg); err != nil {
		return challengeSpec{}, err
	}
	return spec, nil
}

func (s *challengeSpec) read(o *discordgo.ApplicationCommandInteractionDataOption, cfg *games.Config, res *discordgo.ApplicationCommandInteractionDataResolved) {
	switch o.Name {
	case optOpponent:
		if res != nil {
			s.opponent = res.Users[fmt.Sprint(o.Value)]
		}
		if s.opponent == nil {
			s.opponent = &discordgo.User{ID: fmt.Sprint(o.Value)}
		}
	case optVariant:
		cfg.Variant = fmt.Sprint(o.Value)
	case optFirst:
		s.first = map[string]store.First{"me": store.FirstChallenger, "opponent": store.FirstOpponent}[fmt.Sprint(o.Value)]
		if s.first == "" {
			s.first = store.FirstRandom
		}
	case optTime:
		if d, ok := o.Value.(float64); ok && validDays(int(d)) {
			s.days = int(d)
		}
	case optRated:
		s.rated, _ = o.Value.(bool)
	case optLevel:
		s.level = fmt.Sprint(o.Value)
	default:
		cfg.Options[o.Name] = fmt.Sprint(o.Value)
	}
}

func validDays(d int) bool { return d == 1 || d == 3 || d == 7 || d == 14 }

// challengeMessage shows a challenge with the buttons its state allows.
func challengeMessage(c store.Challenge, g games.Game, open bool) *Message {
	who := "anyone"
	var mentions []string
	if c.Direct() {
		who = fmt.Sprintf("<@%s>", c.Opponent)
		mentions = []string{c.Opponent}
	}
	m := &Message{
		Content:  fmt.Sprintf("<@%s> challenges %s to a game of %s.", c.Challenger, who, g.Title()),
		Mentions: mentions,
		Embeds: []*discordgo.MessageEmbed{{
			Title:       fmt.Sprintf("%s · %s", g.Title(), configText(g, c.Config)),
			Description: challengeTerms(c),
			Color:       kindColour(c.Kind),
			Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Challenge #%d", c.ID)},
		}},
	}
	if open {
		m.Components = challengeButtons(c, true)
	}
	return m
}

func challengeTerms(c store.Challenge) string {
	opponent := "the one who accepts"
	if c.Direct() {
		opponent = fmt.Sprintf("<@%s>", c.Opponent)
	}
	first := map[store.First]string{store.FirstRandom: "decided by chance", store.FirstChallenger: fmt.Sprintf("<@%s>", c.Challenger), store.FirstOpponent: opponent}[c.First]
	rated := "rated"
	if !c.Rated {
		rated = "casual (not rated)"
	}
	days := int(c.TimeLimit / (24 * time.Hour))
	terms := fmt.Sprintf("**Moves first**: %s\n**Time**: %d day%s per move\n**Game**: %s", first, days, plural(days), rated)
	if c.Status == store.ChallengeOpen || c.Status == "" {
		terms += fmt.Sprintf("\n**Expires** <t:%d:R>", c.Expires.Unix()) // only an open challenge can expire
	}
	return terms
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func challengeButtons(c store.Challenge, withCancel bool) []discordgo.MessageComponent {
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: challengeCID("a", c.ID)},
	}
	if c.Direct() {
		row = append(row, discordgo.Button{Label: "Decline", Style: discordgo.DangerButton, CustomID: challengeCID("d", c.ID)})
	}
	if withCancel {
		row = append(row, discordgo.Button{Label: "Cancel", Style: discordgo.SecondaryButton, CustomID: challengeCID("x", c.ID)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// challengeDM is a direct challenge as its opponent gets it by DM, with the
// same buttons but Cancel, which is the challenger's.
func challengeDM(c store.Challenge, g games.Game) *Message {
	m := challengeMessage(c, g, true)
	m.Components = challengeButtons(c, false)
	if c.MessageID != "" {
		m.Content += fmt.Sprintf("\nThe challenge: %s", messageLink(c.GuildID, c.ChannelID, c.MessageID))
	}
	return m
}

func messageLink(guild, channel, message string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, channel, message)
}

func channelLink(guild, channel string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s", guild, channel)
}

// closedText is how a challenge message reads once it is no longer open.
func closedText(c store.Challenge, status string) string {
	return strings.TrimSpace(challengeTerms(c) + "\n\n" + status)
}

// each puts p before each of words.
func each(p string, words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = p + w
	}
	return out
}
