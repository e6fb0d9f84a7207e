package challenge

import (
	"context"
	"fmt"
	"kilab/ai"
	"kilab/bot/kit"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
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
	// askedRated: the player gave rated:true, which a game against the
	// computer, never rated, refuses rather than ignore.
	askedRated bool
	// gaveTime, gaveRated: the player chose these, which the server's
	// defaults (/mod defaults) then leave alone.
	gaveTime, gaveRated bool
	level               string // the computer's level: only with the bot itself as opponent
}

// Challenge handles /challenge GAME [opponent] [options].
func (b *Challenges) Challenge(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("chal.in_server")
	}
	spec, err := parseChallenge(i)
	if err != nil {
		return err
	}
	if err := b.serverDefaults(ctx, i.GuildID, &spec); err != nil {
		return err
	}
	me := kit.UserOf(i)
	if err := b.MayPlay(ctx, i.GuildID, i.ChannelID, true, me.ID, idOf(spec.opponent)); err != nil {
		return err
	}
	if spec.opponent != nil && spec.opponent.ID == b.Self() && b.Self() != "" {
		return b.challengeComputer(ctx, i, spec, me)
	}
	if err := spec.check(me, b.Self()); err != nil {
		return err
	}
	c, err := b.DB.CreateChallenge(ctx, store.Challenge{
		GuildID: i.GuildID, ChannelID: i.ChannelID, Challenger: me.ID, Opponent: idOf(spec.opponent),
		Kind: spec.game.Name(), Config: spec.cfg, First: spec.first,
		TimeLimit: time.Duration(spec.days) * 24 * time.Hour, Rated: spec.rated,
	})
	if err != nil {
		return err
	}
	// The challenge is posted in the channel for all to read: the server's language.
	l := b.GuildLang(ctx, i.GuildID, me.ID)
	if err := b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, challengeMessage(l, c, spec.game, true)); err != nil {
		return err
	}
	if msg, err := b.DC.Original(i); err == nil {
		_ = b.DB.SetChallengeMessage(ctx, c.ID, msg.ID)
		c.MessageID = msg.ID
	} else {
		b.Logger(ctx).Warn("could not read the challenge message back", "err", err)
	}
	b.Kick() // the opponent's DM was recorded with the challenge
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
		return lang.Fail("chal.level_only_computer", "Bot", self)
	case s.opponent == nil:
		return nil
	case s.opponent.ID == me.ID:
		return lang.Fail("chal.not_yourself")
	case s.opponent.Bot:
		return lang.Fail("chal.opponent_bot", "Name", kit.DisplayName(s.opponent))
	}
	return nil
}

// parseChallenge reads the subcommand and its options; the game's own options
// go through games.Normalize, which says which variant an option belongs to.
func parseChallenge(i *discordgo.Interaction) (challengeSpec, error) {
	data := i.ApplicationCommandData()
	if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return challengeSpec{}, chooseGame(kit.LangOf(i))
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
	case kit.OptOpponent:
		if res != nil {
			s.opponent = res.Users[fmt.Sprint(o.Value)]
		}
		if s.opponent == nil {
			s.opponent = &discordgo.User{ID: fmt.Sprint(o.Value)}
		}
	case kit.OptVariant:
		cfg.Variant = fmt.Sprint(o.Value)
	case kit.OptFirst:
		s.first = map[string]store.First{"me": store.FirstChallenger, "opponent": store.FirstOpponent}[fmt.Sprint(o.Value)]
		if s.first == "" {
			s.first = store.FirstRandom
		}
	case kit.OptTime:
		if d, ok := o.Value.(float64); ok && kit.ValidDays(int(d)) {
			s.days, s.gaveTime = int(d), true
		}
	case kit.OptRated:
		s.rated, _ = o.Value.(bool)
		s.askedRated, s.gaveRated = s.rated, true
	case kit.OptLevel:
		s.level = fmt.Sprint(o.Value)
	default:
		cfg.Options[o.Name] = fmt.Sprint(o.Value)
	}
}

// serverDefaults gives the options the challenger left out the values the
// server's moderators chose (/mod defaults), where they chose any.
func (b *Challenges) serverDefaults(ctx context.Context, guild string, s *challengeSpec) error {
	d, err := b.DB.DefaultsOf(ctx, guild)
	if err != nil {
		return err
	}
	if !s.gaveTime && kit.ValidDays(d.Days) {
		s.days = d.Days
	}
	if !s.gaveRated && d.Rated != nil {
		s.rated = *d.Rated
	}
	return nil
}

// challengeMessage shows a challenge in l with the buttons its state allows.
func challengeMessage(l *lang.Lang, c store.Challenge, g games.Game, open bool) *kit.Message {
	content := l.T("chal.post.open", "Challenger", c.Challenger, "Game", g.Title())
	var mentions []string
	if c.Direct() {
		content = l.T("chal.post.direct", "Challenger", c.Challenger, "Opponent", c.Opponent, "Game", g.Title())
		mentions = []string{c.Opponent}
	}
	m := &kit.Message{
		Content:  content,
		Mentions: mentions,
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(fmt.Sprintf("%s · %s", g.Title(), kit.ConfigText(l, g, c.Config)), 256),
			Description: challengeTerms(l, c),
			Color:       kit.KindColour(c.Kind),
			Footer:      &discordgo.MessageEmbedFooter{Text: l.T("chal.post.footer", "ID", c.ID)},
		}},
	}
	if open {
		m.Components = challengeButtons(l, c, true)
	}
	return m
}

func challengeTerms(l *lang.Lang, c store.Challenge) string {
	var first string
	switch c.First {
	case store.FirstChallenger:
		first = fmt.Sprintf("<@%s>", c.Challenger)
	case store.FirstOpponent:
		first = l.T("chal.terms.acceptor")
		if c.Direct() {
			first = fmt.Sprintf("<@%s>", c.Opponent)
		}
	default:
		first = l.T("chal.terms.by_chance")
	}
	rated := l.T("chal.terms.rated")
	if !c.Rated {
		rated = l.T("chal.terms.casual")
	}
	days := int(c.TimeLimit / (24 * time.Hour))
	terms := l.T("chal.terms.body", "First", first, "Time", l.N("chal.terms.time", days), "Rated", rated)
	if c.Status == store.ChallengeOpen || c.Status == "" {
		terms += "\n" + l.T("chal.terms.expires", "Unix", c.Expires.Unix()) // only an open challenge can expire
	}
	return terms
}

func challengeButtons(l *lang.Lang, c store.Challenge, withCancel bool) []discordgo.MessageComponent {
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("chal.button.accept"), Style: discordgo.SuccessButton, CustomID: kit.ChallengeCID("a", c.ID)},
	}
	if c.Direct() {
		row = append(row, discordgo.Button{Label: l.T("chal.button.decline"), Style: discordgo.DangerButton, CustomID: kit.ChallengeCID("d", c.ID)})
	}
	if withCancel {
		row = append(row, discordgo.Button{Label: l.T("chal.button.cancel"), Style: discordgo.SecondaryButton, CustomID: kit.ChallengeCID("x", c.ID)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// challengeDM is a direct challenge as its opponent gets it by DM, in their
// language l, with the same buttons but Cancel, which is the challenger's.
func challengeDM(l *lang.Lang, c store.Challenge, g games.Game) *kit.Message {
	m := challengeMessage(l, c, g, true)
	m.Components = challengeButtons(l, c, false)
	if c.MessageID != "" {
		m.Content += "\n" + l.T("chal.post.link", "Link", messageLink(c.GuildID, c.ChannelID, c.MessageID))
	}
	return m
}

func messageLink(guild, channel, message string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", guild, channel, message)
}

// closedText is how a challenge message reads in l once it is no longer
// open: its terms, then status, already said in l.
func closedText(l *lang.Lang, c store.Challenge, status string) string {
	return strings.TrimSpace(challengeTerms(l, c) + "\n\n" + status)
}

// chooseGame refuses a /challenge without a game. The list of subcommands
// is words of l, the reader's, so it is said here rather than by explain.
func chooseGame(l *lang.Lang) error {
	cmds := make([]string, 0, len(games.Names()))
	for _, name := range games.Names() {
		cmds = append(cmds, l.T("chal.game_command", "Game", name))
	}
	return lang.Fail("chal.choose_game", "Games", kit.OrWords(l, cmds))
}

// DeliverDM sends a direct challenge to its opponent while it is
// open, linking the challenge message once that is recorded.
func (b *Challenges) DeliverDM(ctx context.Context, a store.Announcement) error {
	c, err := b.DB.Challenge(ctx, a.Challenge)
	if err != nil {
		return err
	}
	g, err := games.Lookup(c.Kind)
	if err != nil {
		return err
	}
	if c.Status != store.ChallengeOpen {
		// A DM sent by a try of this delivery that failed after it
		// (recording it, or reading the challenge again) says so now.
		b.closeDM(ctx, c, g, closedStatus(c))
		return kit.Skip("the challenge is closed")
	}
	if c.MessageID == "" && b.DB.Now().Sub(a.Created) < challengeLinkWait {
		return kit.ErrLater
	}
	ch, msg, err := b.SendDM(ctx, c.Opponent, c.GuildID, store.Settings.CanDM, func(l *lang.Lang) (*kit.Message, error) {
		m := challengeDM(l, c, g)
		m.Nonce = kit.Nonce(a)
		return m, nil
	})
	if err != nil || msg == nil {
		return err
	}
	if err := b.DB.SetChallengeDM(ctx, c.ID, ch, msg.ID); err != nil {
		return err
	}
	// Closed while the DM was on its way, the challenge's end found no DM
	// to show itself on: it is shown now.
	if c, err = b.DB.Challenge(ctx, c.ID); err == nil && c.Status != store.ChallengeOpen {
		b.closeDM(ctx, c, g, closedStatus(c))
	}
	return err
}

// closedStatus is how closed challenge c ended, as its messages say it. A
// direct challenge is accepted or declined by its opponent; one cancelled
// is only said to be (its challenger or a moderator may have done it, which
// the channel's message says).
func closedStatus(c store.Challenge) lang.Text {
	switch c.Status {
	case store.ChallengeAccepted:
		return lang.T("chal.status.accepted", "User", c.Opponent, "Game", c.GameID)
	case store.ChallengeDeclined:
		return lang.T("chal.status.declined", "User", c.Opponent)
	case store.ChallengeExpired:
		return lang.N("chal.status.expired", int(store.ChallengeTTL/time.Hour))
	}
	return lang.T("chal.status.cancelled_plain")
}

// Command is /challenge, offered in servers only: a challenge is posted in
// a server's channel and its game played in a thread there.
func Command() *discordgo.ApplicationCommand {
	c := kit.Command("challenge", lang.T("cmd.challenge.name"), lang.T("cmd.challenge.desc"), challengeSubcommands()...)
	c.Contexts = kit.GuildOnly()
	return c
}

func challengeSubcommands() []*discordgo.ApplicationCommandOption {
	var subs []*discordgo.ApplicationCommandOption
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		opts := []*discordgo.ApplicationCommandOption{
			kit.Option(discordgo.ApplicationCommandOptionUser, kit.OptOpponent, lang.T("cmd.opt.opponent"), lang.T("cmd.challenge.opponent"), false),
		}
		opts = append(opts, kit.VariantOptions(g)...)
		level := kit.SayFunc(func(l *lang.Lang) string {
			return l.T("cmd.challenge.level", "Default", kit.ChoiceText(l, nil, ai.DefaultLevel))
		})
		opts = append(opts,
			kit.ChoiceOption(nil, kit.OptFirst, lang.T("cmd.opt.first"), lang.T("cmd.challenge.first"), "random", "me", "opponent"),
			kit.TimeOption(),
			kit.Option(discordgo.ApplicationCommandOptionBoolean, kit.OptRated, lang.T("cmd.opt.rated"), lang.T("cmd.challenge.rated"), false),
			kit.ChoiceOption(nil, kit.OptLevel, lang.T("cmd.opt.level"), level, ai.Levels...),
		)
		subs = append(subs, kit.GameSubcommand(g, lang.T("cmd.challenge.game", "Game", g.Title()), opts))
	}
	return subs
}

const (
	// challengeLinkWait is how long a challenge's DM waits for the challenge
	// message it links to be recorded.
	challengeLinkWait = 10 * time.Second
)
