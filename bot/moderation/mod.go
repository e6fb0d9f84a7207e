package moderation

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// logShown is how many of the latest moderator actions /mod log shows.
const logShown = 25

// Mod answers /mod: whoever sent it must moderate the server, whatever
// Discord let them see.
func (m *Moderation) Mod(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("mod.err.no_server")
	}
	ok, err := m.Moderator(ctx, i)
	if err != nil {
		return err
	}
	if !ok {
		return lang.Fail("mod.err.not_moderator")
	}
	path, opts := subcommand(i.ApplicationCommandData().Options)
	by := kit.UserOf(i).ID
	switch path {
	case "abort":
		return m.abort(ctx, i, by, opts)
	case "ban", "unban":
		return m.ban(ctx, i, by, path == "ban", opts)
	case "channels add", "channels remove":
		return m.channel(ctx, i, by, path == "channels add", opts)
	case "channels clear":
		return m.clearChannels(ctx, i, by)
	case "role set", "role clear":
		return m.role(ctx, i, by, path == "role set", opts)
	case "show":
		return m.show(ctx, i)
	case "log":
		return m.log(ctx, i)
	case "web":
		return m.web(ctx, i, by, opts)
	case "daily":
		return m.daily(ctx, i, by, opts)
	case "defaults":
		return m.defaults(ctx, i, by, opts)
	}
	return lang.Fail("mod.err.use")
}

// subcommand is the path of subcommand names the interaction took ("abort",
// "channels add") and that subcommand's options, by name.
func subcommand(opts []*discordgo.ApplicationCommandInteractionDataOption) (string, map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	var path []string
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup || opts[0].Type == discordgo.ApplicationCommandOptionSubCommand) {
		path = append(path, opts[0].Name)
		opts = opts[0].Options
	}
	byName := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range opts {
		byName[o.Name] = o
	}
	return strings.Join(path, " "), byName
}

// idOption is an option naming a user, channel or role: its id.
func idOption(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	if o, ok := opts[name]; ok {
		id, _ := o.Value.(string)
		return id
	}
	return ""
}

// abort is /mod abort game: the game ends unrated, and the delivery tells
// both players and retires its boards as for any other end.
func (m *Moderation) abort(ctx context.Context, i *discordgo.Interaction, by string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	raw := ""
	if o, ok := opts[kit.OptGame]; ok {
		raw = strings.TrimSpace(fmt.Sprint(o.Value))
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(raw, "#"), 10, 64)
	if err != nil || id <= 0 {
		return lang.Fail("mod.err.not_a_game", "Raw", fmt.Sprintf("%q", kit.Clip(raw, 20)))
	}
	_, err = m.DB.AbortByModerator(ctx, id, i.GuildID, by)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return lang.Fail("mod.err.no_such_game", "ID", id)
	case errors.Is(err, store.ErrFinished):
		return lang.Fail("mod.err.over", "ID", id)
	case errors.Is(err, store.ErrTournamentGame):
		g, gerr := m.DB.Game(ctx, id)
		return errors.Join(gerr, lang.Fail("mod.err.tournament_game", "ID", id, "Tournament", g.Tournament))
	case err != nil:
		return err
	}
	m.Logger(ctx).Info("moderator aborted a game", "moderator", by, "game", id)
	m.Kick() // the end's board, DMs and retirements were recorded with it
	return m.Reply(i, "%s", kit.LangOf(i).T("mod.aborted", "ID", id))
}

// ban is /mod ban user and /mod unban user.
func (m *Moderation) ban(ctx context.Context, i *discordgo.Interaction, by string, on bool, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	user := idOption(opts, "user")
	if user == "" {
		return lang.Fail("mod.err.use")
	}
	l := kit.LangOf(i)
	if !on {
		lifted, err := m.DB.Unban(ctx, i.GuildID, user, by)
		if err != nil {
			return err
		}
		m.Logger(ctx).Info("moderator lifted a ban", "moderator", by, "target", user, "changed", lifted)
		return m.Reply(i, "%s", l.T(pick(lifted, "mod.unbanned", "mod.not_banned"), "User", user))
	}
	if user == by {
		return lang.Fail("mod.err.self")
	}
	banned, err := m.DB.Ban(ctx, i.GuildID, user, by)
	if err != nil {
		return err
	}
	m.Logger(ctx).Info("moderator banned a member from games", "moderator", by, "target", user, "changed", banned)
	return m.Reply(i, "%s", l.T(pick(banned, "mod.banned", "mod.already_banned"), "User", user))
}

// channel is /mod channels add and remove.
func (m *Moderation) channel(ctx context.Context, i *discordgo.Interaction, by string, add bool, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	ch := idOption(opts, "channel")
	res := i.ApplicationCommandData().Resolved
	if ch == "" || res == nil || res.Channels[ch] == nil {
		return lang.Fail("mod.err.use")
	}
	if add && !slices.Contains(challengeChannelTypes, res.Channels[ch].Type) {
		return lang.Fail("mod.err.not_text", "Channel", ch)
	}
	change := m.DB.DisallowChallenges
	if add {
		change = m.DB.AllowChallenges
	}
	changed, err := change(ctx, i.GuildID, ch, by)
	if err != nil {
		return err
	}
	m.Logger(ctx).Info("moderator changed the challenge channels", "moderator", by, "target", ch, "add", add, "changed", changed)
	now, err := m.DB.Moderation(ctx, i.GuildID)
	if err != nil {
		return err
	}
	l, list := kit.LangOf(i), kit.ChannelList(now.Channels)
	var id string
	switch {
	case add:
		id = pick(changed, "mod.channel_added", "mod.channel_already")
	case !changed:
		id = "mod.channel_not_listed"
	case len(now.Channels) == 0:
		id = "mod.channel_removed_last"
	default:
		id = "mod.channel_removed"
	}
	return m.Reply(i, "%s", l.T(id, "Channel", ch, "Channels", list))
}

// clearChannels is /mod channels clear.
func (m *Moderation) clearChannels(ctx context.Context, i *discordgo.Interaction, by string) error {
	cleared, err := m.DB.ClearChallengeChannels(ctx, i.GuildID, by)
	if err != nil {
		return err
	}
	m.Logger(ctx).Info("moderator cleared the challenge channels", "moderator", by, "changed", cleared)
	return m.Reply(i, "%s", kit.LangOf(i).T(pick(cleared, "mod.channels_cleared", "mod.channels_none")))
}

// role is /mod role set (set) and clear.
func (m *Moderation) role(ctx context.Context, i *discordgo.Interaction, by string, set bool, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	role := ""
	if set {
		role = idOption(opts, "role")
	}
	if set && role == "" {
		return lang.Fail("mod.err.use")
	}
	if err := m.DB.SetModeratorRole(ctx, i.GuildID, role, by); err != nil {
		return err
	}
	m.Logger(ctx).Info("moderator named the moderator role", "moderator", by, "target", role)
	return m.Reply(i, "%s", kit.LangOf(i).T(pick(role != "", "mod.role_set", "mod.role_cleared"), "Role", role))
}

// web is /mod web: what Kilab's web pages show of the server. The boards
// posted from now on link to their pages or not; a page answers as its
// server's choice stands when it is asked.
func (m *Moderation) web(ctx context.Context, i *discordgo.Interaction, by string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	o, ok := opts["show"]
	if !ok || o.Type != discordgo.ApplicationCommandOptionString || !slices.Contains(webModes, o.StringValue()) {
		return lang.Fail("mod.err.use")
	}
	mode := o.StringValue()
	changed, err := m.DB.SetWeb(ctx, i.GuildID, mode, by)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	if !changed {
		return m.Reply(i, "%s", l.T("mod.web.unchanged"))
	}
	m.Logger(ctx).Info("moderator chose what the web shows", "moderator", by, "mode", mode)
	return m.Reply(i, "%s", l.T("mod.web."+mode))
}

// show is /mod show: who moderates, where challenges go, who is kept from
// games.
func (m *Moderation) show(ctx context.Context, i *discordgo.Interaction) error {
	s, err := m.DB.Moderation(ctx, i.GuildID)
	if err != nil {
		return err
	}
	bans, err := m.DB.Bans(ctx, i.GuildID)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	who := l.T("mod.show.who")
	if s.Role != "" {
		who = l.T("mod.show.who_role", "Role", s.Role)
	}
	where := l.T("mod.show.anywhere")
	if len(s.Channels) > 0 {
		where = kit.ChannelList(s.Channels)
	}
	banned := l.T("mod.show.nobody")
	if len(bans) > 0 {
		var users []string
		for _, b := range bans {
			users = append(users, "<@"+b.User+">")
		}
		banned = strings.Join(users, ", ")
	}
	web, err := m.DB.Web(ctx, i.GuildID)
	if err != nil {
		return err
	}
	defaults, err := m.DB.DefaultsOf(ctx, i.GuildID)
	if err != nil {
		return err
	}
	time, rated := DefaultsText(l, defaults)
	lines := []string{l.T("mod.show.moderators", "Who", who), l.T("mod.show.channels", "Where", where), l.T("mod.show.bans", "Who", banned),
		l.T("mod.show.web", "Mode", l.T("cmd.mod.web_"+web)), l.T("mod.show.defaults", "Time", time, "Rated", rated)}
	return m.embed(i, l.T("mod.show.title"), kit.FitLinesIn(l, lines, 4096))
}

// log is /mod log: the latest moderator actions, newest first, each with
// who did it and when.
func (m *Moderation) log(ctx context.Context, i *discordgo.Interaction) error {
	as, err := m.DB.ModerationLog(ctx, i.GuildID, logShown)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	if len(as) == 0 {
		return m.Reply(i, "%s", l.T("mod.log_empty"))
	}
	lines := make([]string, len(as))
	for n, a := range as {
		lines[n] = ActionLine(l, a)
	}
	return m.embed(i, l.T("mod.log_title"), kit.FitLinesIn(l, lines, 4096))
}

// ActionLine is one moderator action in l: "<t:…:f> <@mod> aborted game #12".
func ActionLine(l *lang.Lang, a store.ModAction) string {
	target := a.Target
	if id := "cmd.mod.web_" + target; a.Action == store.ModWeb && lang.Has(id) {
		target = l.T(id) // the choice as /mod web names it, not its stored word
	}
	what := l.T("mod.act."+a.Action, "Target", target, "Item", a.Item)
	return fmt.Sprintf("<t:%d:f> <@%s> %s", a.At.Unix(), a.Moderator, what)
}

// embed answers i, ephemeral, with an embed that pings nobody.
func (m *Moderation) embed(i *discordgo.Interaction, title, text string) error {
	return m.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Ephemeral: true,
		Embeds: []*discordgo.MessageEmbed{{Title: title, Description: text}}})
}

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}
