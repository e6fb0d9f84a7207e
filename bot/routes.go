package bot

import (
	"context"
	"fmt"
	"kilab/bot/challenge"
	"kilab/bot/follow"
	"kilab/bot/info"
	"kilab/bot/kit"
	"kilab/bot/lessons"
	"kilab/bot/moderation"
	"kilab/bot/play"
	"kilab/bot/puzzle"
	"kilab/bot/settings"
	"kilab/bot/tournaments"
	"kilab/bot/vacation"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"kilab/lang"
)

// The route table: every interaction the bot answers is one entry below, and
// everything about it is said there once: a slash command's definition,
// handler and visibility; an autocompleted option's choices; a button or
// select's custom_id shape, handler, name in the metrics and logs, and what
// its id names in the logs. The dispatcher (handle), the metrics, the logs
// and the deferral all read these tables, so adding a button or a command is
// adding one entry.

// commandRoute is one slash command.
type commandRoute struct {
	name string
	// define builds the command as it is registered with Discord.
	define func() *discordgo.ApplicationCommand
	// public: its answer is for everyone in the channel. A deferral fixes
	// whether the answer will be ephemeral, so it must know before the
	// handler answers.
	public bool
	handle func(b *Bot, ctx context.Context, i *discordgo.Interaction) error
}

// The tables are filled in init: their handlers make custom_ids through
// them, which a plain variable's initialisation would take for a cycle.
var (
	commandRoutes      []commandRoute
	autocompleteRoutes []autocompleteRoute
	componentRoutes    []componentRoute
)

func init() {
	// The slash commands, in the order they are registered.
	commandRoutes = []commandRoute{
		{name: "challenge", define: challenge.Command, public: true, handle: command((*challenge.Challenges).Challenge)},
		{name: "move", define: moveCommandDef, handle: command((*play.Play).Move)},
		{name: "board", define: boardCommandDef, public: true, handle: command((*play.Play).BoardCommand)},
		{name: "games", define: gamesCommandDef, handle: command((*info.Info).Games)},
		{name: "resign", define: resignCommandDef, handle: command((*play.Play).Resign)},
		{name: "draw", define: drawCommandDef, handle: command((*play.Play).Draw)},
		{name: "settings", define: settings.Command, handle: command((*settings.Settings).Settings)},
		{name: "mute", define: settings.MuteCommand, handle: command((*settings.Settings).Mute)},
		{name: "unmute", define: settings.UnmuteCommand, handle: command((*settings.Settings).Unmute)},
		{name: "follow", define: follow.Command, handle: command((*follow.Follows).Follow)},
		{name: "unfollow", define: follow.UnfollowCommand, handle: command((*follow.Follows).Unfollow)},
		{name: "vacation", define: vacation.Command, handle: command((*vacation.Vacations).Vacation)},
		{name: "help", define: helpCommandDef, handle: command((*info.Info).Help)},
		{name: "rules", define: rulesCommandDef, handle: command((*info.Info).Rules)},
		{name: "learn", define: lessons.Command, handle: command((*lessons.Lessons).Learn)},
		{name: "leaderboard", define: leaderboardCommandDef, public: true, handle: command((*info.Info).Leaderboard)},
		{name: "stats", define: statsCommandDef, handle: command((*info.Info).Stats)},
		{name: "history", define: historyCommandDef, public: true, handle: command((*info.Info).History)},
		{name: "review", define: reviewCommandDef, public: true, handle: command((*info.Info).Review)},
		{name: "tournament", define: tournaments.Command, handle: command((*tournaments.Tournaments).Tournament)},
		{name: "standings", define: tournaments.StandingsCommand, handle: command((*tournaments.Tournaments).Standings)},
		{name: "mod", define: moderation.Command, handle: command((*moderation.Moderation).Mod)},
		{name: "puzzle", define: puzzle.Command, handle: command((*puzzle.Puzzles).Puzzle)},
	}
	autocompleteRoutes = []autocompleteRoute{
		{option: kit.OptGame, subject: "game", choices: choices((*play.Play).GameChoices)},
		{option: kit.OptMove, choices: choices((*play.Play).MoveChoices)},
		{option: kit.OptTournament, subject: "tournament", choices: choices((*tournaments.Tournaments).Choices)},
		{option: "timezone", choices: choices((*settings.Settings).ZoneChoices)},
		{option: kit.OptGame, commands: []string{"follow", "unfollow"}, subject: "game", choices: choices((*follow.Follows).GameChoices)},
	}
	componentRoutes = []componentRoute{
		{kind: "c", name: "challenge", subject: "challenge", verbs: "adx", shape: kit.VerbThenID, handle: click((*challenge.Challenges).Click)},
		{kind: "g", name: "game", subject: "game", verbs: "tmsp", shape: kit.GameShape, handle: click((*play.Play).Click)},
		{kind: "d", name: "draw", subject: "game", verbs: "ad", shape: kit.VerbIDVersion, handle: click((*play.Play).DrawClick)},
		{kind: "r", name: "rematch", subject: "game", shape: kit.IDOnly, handle: click((*challenge.Challenges).Rematch)},
		{kind: "l", name: "leaderboard", shape: kit.PageShape, handle: click((*info.Info).LeaderboardPage)},
		{kind: "b", name: "rules", shape: kit.PageShape, handle: click((*info.Info).RulesPage)},
		{kind: "q", name: "resign", subject: "game", verbs: "yak", shape: kit.VerbThenID, handle: click((*play.Play).ResignClick)},
		{kind: "t", name: "tournament", subject: "tournament", verbs: "jlw", shape: kit.VerbThenID, handle: click((*tournaments.Tournaments).Click)},
		{kind: "a", name: "random_place", subject: "game", verbs: "p", shape: kit.VerbIDVersion, handle: click((*play.Play).RandomPlace)},
		{kind: "n", name: "lesson", shape: kit.LessonShape, handle: click((*lessons.Lessons).Click)},
		{kind: "v", name: "first_game", shape: kit.KindShape, handle: click((*challenge.Challenges).FirstGame)},
		{kind: "p", name: "puzzle", shape: kit.PageShape, handle: click((*puzzle.Puzzles).Answer)},
		{kind: "pd", name: "daily_puzzle", shape: kit.PageShape, handle: click((*puzzle.Puzzles).AnswerDaily)},
	}
	for _, r := range componentRoutes {
		kit.RegisterShape(r.kind, r.shape)
	}
}

// Each feature's handlers take the feature, not the Bot: these adapters
// hand them theirs, so that a route names a feature's method as it is.

func command[F any](f func(F, context.Context, *discordgo.Interaction) error) func(*Bot, context.Context, *discordgo.Interaction) error {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction) error { return f(feature[F](b), ctx, i) }
}

func click[F any](f func(F, context.Context, *discordgo.Interaction, kit.Action) error) func(*Bot, context.Context, *discordgo.Interaction, kit.Action) error {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
		return f(feature[F](b), ctx, i, a)
	}
}

func choices[F any](f func(F, context.Context, *discordgo.Interaction, string) ([]*discordgo.ApplicationCommandOptionChoice, error)) func(*Bot, context.Context, *discordgo.Interaction, string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
		return f(feature[F](b), ctx, i, typed)
	}
}

// feature is the Bot's feature of type F.
func feature[F any](b *Bot) F {
	var f any
	switch any(*new(F)).(type) {
	case *play.Play:
		f = b.play
	case *challenge.Challenges:
		f = b.challenges
	case *tournaments.Tournaments:
		f = b.tournaments
	case *vacation.Vacations:
		f = b.vacations
	case *settings.Settings:
		f = b.settings
	case *follow.Follows:
		f = b.follows
	case *info.Info:
		f = b.info
	case *moderation.Moderation:
		f = b.moderation
	case *lessons.Lessons:
		f = b.lessons
	case *puzzle.Puzzles:
		f = b.puzzles
	}
	return f.(F)
}

// commandRouteOf is the route of the command named name.
func commandRouteOf(name string) (commandRoute, bool) {
	for _, r := range commandRoutes {
		if r.name == name {
			return r, true
		}
	}
	return commandRoute{}, false
}

// autocompleteRoute is an option whose choices the bot offers as the player
// types, whichever command it belongs to.
type autocompleteRoute struct {
	option string
	// commands, when set, are the only commands the route serves; such a
	// route goes before one for every command with the same option.
	commands []string
	// subject is what the option's value names (a game or tournament id),
	// for the logs of any command that carries it.
	subject string
	choices func(b *Bot, ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error)
}

// componentRoute is one kind of button or select menu.
type componentRoute struct {
	kind    string // the custom_id's first element
	name    string // its name in the metrics and logs
	subject string // what its id names, for the logs: "game", "challenge", "tournament", or "" (nothing)
	verbs   string // the one-letter verbs it takes; "" for none
	shape   kit.IDShape
	handle  func(b *Bot, ctx context.Context, i *discordgo.Interaction, a kit.Action) error
}

// componentRouteOf is the route of custom_id kind kind.
func componentRouteOf(kind string) (componentRoute, bool) {
	for _, r := range componentRoutes {
		if r.kind == kind {
			return r, true
		}
	}
	return componentRoute{}, false
}

// parseAction reads a custom_id through its route, refusing anything the
// bot could not have made.
func parseAction(s string) (kit.Action, componentRoute, error) {
	if len(s) > kit.MaxCustomID {
		return kit.Action{}, componentRoute{}, kit.ErrForged
	}
	f := strings.SplitN(s, "/", 5)
	r, ok := componentRouteOf(f[0])
	if !ok {
		return kit.Action{}, r, kit.ErrForged
	}
	a := kit.Action{Kind: r.kind}
	if !r.shape.Parse(f[1:], &a) || (r.verbs != "" && !oneOf(a.Verb, r.verbs)) {
		return kit.Action{}, r, kit.ErrForged
	}
	return a, r, nil
}

// oneOf reports whether verb is one letter of verbs.
func oneOf(verb, verbs string) bool {
	return len(verb) == 1 && strings.Contains(verbs, verb)
}

// route dispatches an interaction to its entry of the tables.
func (b *Bot) route(ctx context.Context, i *discordgo.Interaction) error {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		name := i.ApplicationCommandData().Name
		r, ok := commandRouteOf(name)
		if !ok {
			return lang.Fail("cmd.unknown", "Name", name)
		}
		if !optionsFit(i.ApplicationCommandData()) {
			return lang.Fail("cmd.bad_options", "Name", name)
		}
		return r.handle(b, ctx, i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return b.autocomplete(ctx, i)
	case discordgo.InteractionMessageComponent:
		a, r, err := parseAction(i.MessageComponentData().CustomID)
		if err != nil {
			return err
		}
		return r.handle(b, ctx, i, a)
	}
	return nil // pings and the like: nothing to do
}

// interactionKind names an interaction for the metrics and logs: its type,
// and its route's name. Names come from the route tables only, so a forged
// interaction cannot add label values without bound.
func interactionKind(i *discordgo.Interaction) (typ, name string) {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return "command", knownCommand(i.ApplicationCommandData().Name)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete", knownCommand(i.ApplicationCommandData().Name)
	case discordgo.InteractionMessageComponent:
		kind, _, _ := strings.Cut(i.MessageComponentData().CustomID, "/")
		if r, ok := componentRouteOf(kind); ok {
			return "component", r.name
		}
		return "component", "unknown"
	}
	return "other", "unknown"
}

func knownCommand(name string) string {
	if _, ok := commandRouteOf(name); ok {
		return name
	}
	return "unknown"
}

// subjectOf is what an interaction is about, for its logs: the game,
// challenge or tournament a component's custom_id names, or a command's game
// or tournament option. Nothing here is trusted; it only labels logs.
func subjectOf(i *discordgo.Interaction) (string, int64) {
	switch i.Type {
	case discordgo.InteractionMessageComponent:
		a, r, err := parseAction(i.MessageComponentData().CustomID)
		if err != nil || r.subject == "" {
			return "", 0
		}
		return r.subject, a.ID
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		for _, r := range autocompleteRoutes {
			if r.subject == "" {
				continue
			}
			raw := strings.TrimPrefix(kit.OptString(i, r.option), "#")
			if id, err := strconv.ParseInt(raw, 10, 64); err == nil && id > 0 {
				return r.subject, id
			}
		}
	}
	return "", 0
}

// Commands returns the slash commands as they are registered, built from the
// games registry so that a variant or option added to an engine appears
// without touching the bot. English is each name's and description's
// default; Discord shows players whose client speaks another of Kilab's
// languages its localisations, and sends the English names back whatever
// the player typed. Commands usable in servers and DMs alike say so; those
// that set their own contexts keep them: those whose handlers refuse DMs
// (/challenge, /leaderboard, /stats, the tournaments', /mod) are
// server-only (kit.GuildOnly), so Discord does not offer them in DMs.
func Commands() []*discordgo.ApplicationCommand {
	both := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	var cmds []*discordgo.ApplicationCommand
	for _, r := range commandRoutes {
		c := r.define()
		if c.Contexts == nil {
			c.Contexts = new(slices.Clone(both))
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// interactionLog derives the logger of one interaction: its id, what it is,
// who sent it, and the game or challenge it is about where that can be read
// without a lookup.
func (b *Bot) interactionLog(i *discordgo.Interaction, typ, name string) *slog.Logger {
	attrs := []any{"interaction", i.ID, "type", typ, "name", name, "user", kit.UserOf(i).ID}
	if key, id := subjectOf(i); id > 0 {
		attrs = append(attrs, key, id)
	}
	return b.Log.With(attrs...)
}

// autocomplete offers the caller's games for a game option, then that game's
// legal moves (or "throw") for the move option.
func (b *Bot) autocomplete(ctx context.Context, i *discordgo.Interaction) error {
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range kit.Options(i) {
		if o.Focused {
			focused = o
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	var err error
	if r, ok := autocompleteRouteOf(i.ApplicationCommandData().Name, focused); ok {
		choices, err = r.choices(b, ctx, i, fmt.Sprint(focused.Value))
	}
	if err != nil {
		b.Logger(ctx).Debug("autocomplete", "err", err)
	}
	return b.DC.Respond(i, discordgo.InteractionApplicationCommandAutocompleteResult, &kit.Message{Choices: kit.OrEmpty(choices)})
}

// autocompleteRouteOf is the route of the focused option of command: one
// for that command, else one for every command.
func autocompleteRouteOf(command string, focused *discordgo.ApplicationCommandInteractionDataOption) (autocompleteRoute, bool) {
	if focused == nil {
		return autocompleteRoute{}, false
	}
	var general *autocompleteRoute
	for k, r := range autocompleteRoutes {
		switch {
		case r.option != focused.Name:
		case slices.Contains(r.commands, command):
			return r, true
		case len(r.commands) == 0 && general == nil:
			general = &autocompleteRoutes[k]
		}
	}
	if general == nil {
		return autocompleteRoute{}, false
	}
	return *general, true
}

// optionTypes are the type of every option of every command, by command name
// and then by the option's path ("aseb/opponent" for a subcommand's).
var optionTypes = sync.OnceValue(func() map[string]map[string]discordgo.ApplicationCommandOptionType {
	out := map[string]map[string]discordgo.ApplicationCommandOptionType{}
	var walk func(m map[string]discordgo.ApplicationCommandOptionType, prefix string, opts []*discordgo.ApplicationCommandOption)
	walk = func(m map[string]discordgo.ApplicationCommandOptionType, prefix string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			m[prefix+o.Name] = o.Type
			walk(m, prefix+o.Name+"/", o.Options)
		}
	}
	for _, c := range Commands() {
		out[c.Name] = map[string]discordgo.ApplicationCommandOptionType{}
		walk(out[c.Name], "", c.Options)
	}
	return out
})

// optionsFit reports whether a command's options are the command's own:
// each one its definition has, of the type the definition gives, with a
// value of that type (a user as one of the users Discord resolved, not a
// number). Discord sends nothing else, so anything else was made by hand,
// and a handler must not read it as something it is not.
func optionsFit(data discordgo.ApplicationCommandInteractionData) bool {
	types := optionTypes()[data.Name]
	var fit func(prefix string, opts []*discordgo.ApplicationCommandInteractionDataOption) bool
	fit = func(prefix string, opts []*discordgo.ApplicationCommandInteractionDataOption) bool {
		for _, o := range opts {
			if o == nil {
				return false
			}
			path := prefix + o.Name
			if typ, ok := types[path]; !ok || typ != o.Type || !valueFits(o, data.Resolved) || !fit(path+"/", o.Options) {
				return false
			}
		}
		return true
	}
	return fit("", data.Options)
}

// valueFits reports whether o's value is of o's type.
func valueFits(o *discordgo.ApplicationCommandInteractionDataOption, resolved *discordgo.ApplicationCommandInteractionDataResolved) bool {
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
		return o.Value == nil
	case discordgo.ApplicationCommandOptionString:
		_, ok := o.Value.(string)
		return ok
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		_, ok := o.Value.(float64)
		return ok
	case discordgo.ApplicationCommandOptionBoolean:
		_, ok := o.Value.(bool)
		return ok
	case discordgo.ApplicationCommandOptionUser:
		id, ok := o.Value.(string)
		return ok && resolved != nil && resolved.Users[id] != nil
	case discordgo.ApplicationCommandOptionChannel:
		id, ok := o.Value.(string)
		return ok && resolved != nil && resolved.Channels[id] != nil
	case discordgo.ApplicationCommandOptionRole:
		id, ok := o.Value.(string)
		return ok && resolved != nil && resolved.Roles[id] != nil
	}
	return false
}
