package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

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
		{name: "challenge", define: challengeCommand, public: true, handle: (*Bot).challenge},
		{name: "move", define: moveCommandDef, handle: (*Bot).moveCommand},
		{name: "board", define: boardCommandDef, public: true, handle: (*Bot).boardCommand},
		{name: "games", define: gamesCommandDef, handle: (*Bot).gamesCommand},
		{name: "resign", define: resignCommandDef, handle: (*Bot).resign},
		{name: "draw", define: drawCommandDef, handle: (*Bot).drawCommand},
		{name: "settings", define: settingsCommandDef, handle: (*Bot).settings},
		{name: "vacation", define: vacationCommand, handle: (*Bot).vacation},
		{name: "help", define: helpCommandDef, handle: func(b *Bot, _ context.Context, i *discordgo.Interaction) error { return b.help(i) }},
		{name: "rules", define: rulesCommandDef, handle: func(b *Bot, _ context.Context, i *discordgo.Interaction) error { return b.rulesCommand(i) }},
		{name: "leaderboard", define: leaderboardCommandDef, public: true, handle: (*Bot).leaderboardCommand},
		{name: "stats", define: statsCommandDef, handle: (*Bot).statsCommand},
		{name: "history", define: historyCommandDef, public: true, handle: (*Bot).historyCommand},
		{name: "review", define: reviewCommandDef, public: true, handle: (*Bot).reviewCommand},
		{name: "tournament", define: tournamentCommand, handle: (*Bot).tournamentCommand},
		{name: "standings", define: standingsCommandDef, handle: (*Bot).standingsCommand},
	}
	autocompleteRoutes = []autocompleteRoute{
		{option: optGame, subject: "game", choices: (*Bot).gameChoices},
		{option: optMove, choices: (*Bot).moveChoices},
		{option: optTournament, subject: "tournament", choices: (*Bot).tournamentChoices},
	}
	componentRoutes = []componentRoute{
		{kind: "c", name: "challenge", subject: "challenge", verbs: "adx", shape: verbThenID, handle: (*Bot).challengeClick},
		{kind: "g", name: "game", subject: "game", verbs: "tmsp", shape: gameShape, handle: (*Bot).gameClick},
		{kind: "d", name: "draw", subject: "game", verbs: "ad", shape: verbIDVersion, handle: (*Bot).drawClick},
		{kind: "r", name: "rematch", subject: "game", shape: idOnly, handle: (*Bot).rematchClick},
		{kind: "l", name: "leaderboard", shape: pageShape, handle: (*Bot).leaderboardClick},
		{kind: "q", name: "resign", subject: "game", verbs: "yak", shape: verbThenID, handle: (*Bot).resignClick},
		{kind: "t", name: "tournament", subject: "tournament", verbs: "jlw", shape: verbThenID, handle: (*Bot).tournamentClick},
	}
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
	// subject is what the option's value names (a game or tournament id),
	// for the logs of any command that carries it.
	subject string
	choices func(b *Bot, ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error)
}

// A custom_id is a path: what was clicked and everything needed to act on it,
// so handlers keep no state and buttons survive restarts. Its first element
// is the route's kind; the rest is the route's shape:
//
//	c/{verb}/{challenge}       accept a challenge (a), decline (d), cancel (x)
//	g/{game}/{version}/t       throw
//	g/{game}/{version}/m/{mv}  play move mv (a button)
//	g/{game}/{version}/s       play the move chosen in a select menu
//	g/{game}/{version}/p/{pre} show the moves under picker prefix pre ("" = top)
//	d/{verb}/{game}/{version}  accept (a) or decline (d) the draw offered at that version
//	r/{game}                   offer a rematch of a finished game
//	l/{kind}/{offset}          a leaderboard page
//	q/{verb}/{game}            confirm a resignation (y), one that aborts (a), keep playing (k)
//	t/{verb}/{tournament}      join a tournament (j), leave (l), confirm leaving a running one (w)
//
// Buttons already posted carry these ids for as long as their messages live,
// so a shape may gain verbs but never change.
//
// Discord caps a custom_id at 100 characters; moves and picker prefixes are short.
const maxCustomID = 100

// action is a parsed custom_id.
type action struct {
	kind    string // the route: "c", "g", "d", "r", "l", "q" or "t"
	verb    string // what to do, one of the route's verbs
	id      int64  // the challenge, game or tournament; the offset of a leaderboard page
	version int64
	arg     string // the move or picker prefix; the game kind of a leaderboard
}

// componentRoute is one kind of button or select menu.
type componentRoute struct {
	kind    string // the custom_id's first element
	name    string // its name in the metrics and logs
	subject string // what its id names, for the logs: "game", "challenge", "tournament", or "" (nothing)
	verbs   string // the one-letter verbs it takes; "" for none
	shape   idShape
	handle  func(b *Bot, ctx context.Context, i *discordgo.Interaction, a action) error
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

// idShape reads and writes the part of a custom_id after its kind.
type idShape struct {
	parse  func(f []string, a *action) bool // f: the fields after the kind
	format func(a action) string
}

var (
	verbThenID = idShape{
		parse: func(f []string, a *action) bool {
			if len(f) != 2 {
				return false
			}
			a.verb = f[0]
			return positive(f[1], &a.id)
		},
		format: func(a action) string { return fmt.Sprintf("%s/%d", a.verb, a.id) },
	}
	verbIDVersion = idShape{
		parse: func(f []string, a *action) bool {
			if len(f) != 3 {
				return false
			}
			a.verb = f[0]
			return positive(f[1], &a.id) && natural(f[2], &a.version)
		},
		format: func(a action) string { return fmt.Sprintf("%s/%d/%d", a.verb, a.id, a.version) },
	}
	idOnly = idShape{
		parse:  func(f []string, a *action) bool { return len(f) == 1 && positive(f[0], &a.id) },
		format: func(a action) string { return fmt.Sprint(a.id) },
	}
	pageShape = idShape{
		parse: func(f []string, a *action) bool {
			if len(f) != 2 {
				return false
			}
			a.arg = f[0]
			return natural(f[1], &a.id) && a.id <= 1_000_000
		},
		format: func(a action) string { return fmt.Sprintf("%s/%d", a.arg, a.id) },
	}
	// gameShape puts the verb after the version; a move or a picker prefix
	// (which may hold "/") comes last.
	gameShape = idShape{
		parse: func(f []string, a *action) bool {
			if len(f) < 3 || !positive(f[0], &a.id) || !natural(f[1], &a.version) {
				return false
			}
			a.verb = f[2]
			switch {
			case (a.verb == "t" || a.verb == "s") && len(f) == 3:
			case a.verb == "m" && len(f) == 4 && f[3] != "":
				a.arg = f[3]
			case a.verb == "p" && len(f) == 4:
				a.arg = f[3]
			default:
				return false
			}
			return true
		},
		format: func(a action) string {
			s := fmt.Sprintf("%d/%d/%s", a.id, a.version, a.verb)
			if a.verb == "m" || a.verb == "p" {
				s += "/" + a.arg
			}
			return s
		},
	}
)

func positive(s string, n *int64) bool {
	v, err := strconv.ParseInt(s, 10, 64)
	*n = v
	return err == nil && v > 0
}

func natural(s string, n *int64) bool {
	v, err := strconv.ParseInt(s, 10, 64)
	*n = v
	return err == nil && v >= 0
}

// customID is the custom_id of a, through its route's shape.
func (a action) customID() string {
	r, ok := componentRouteOf(a.kind)
	if !ok {
		panic("bot: no route for custom_id kind " + strconv.Quote(a.kind))
	}
	return a.kind + "/" + r.shape.format(a)
}

// errForged is what a custom_id we did not make gets.
var errForged error = lang.Fail("act.forged")

// parseAction reads a custom_id through its route, refusing anything the
// bot could not have made.
func parseAction(s string) (action, componentRoute, error) {
	if len(s) > maxCustomID {
		return action{}, componentRoute{}, errForged
	}
	f := strings.SplitN(s, "/", 5)
	r, ok := componentRouteOf(f[0])
	if !ok {
		return action{}, r, errForged
	}
	a := action{kind: r.kind}
	if !r.shape.parse(f[1:], &a) || (r.verbs != "" && !oneOf(a.verb, r.verbs)) {
		return action{}, r, errForged
	}
	return a, r, nil
}

// oneOf reports whether verb is one letter of verbs.
func oneOf(verb, verbs string) bool {
	return len(verb) == 1 && strings.Contains(verbs, verb)
}

// The custom_ids the bot makes, each through its route.

func challengeCID(verb string, id int64) string {
	return action{kind: "c", verb: verb, id: id}.customID()
}

func gameCID(game, version int64, verb, arg string) string {
	return action{kind: "g", id: game, version: version, verb: verb, arg: arg}.customID()
}

func drawCID(verb string, game, version int64) string {
	return action{kind: "d", verb: verb, id: game, version: version}.customID()
}

func rematchCID(game int64) string { return action{kind: "r", id: game}.customID() }

func leaderboardCID(kind string, offset int) string {
	return action{kind: "l", arg: kind, id: int64(offset)}.customID()
}

func resignCID(verb string, game int64) string {
	return action{kind: "q", verb: verb, id: game}.customID()
}

func tournamentCID(verb string, id int64) string {
	return action{kind: "t", verb: verb, id: id}.customID()
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
		return r.subject, a.id
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		for _, r := range autocompleteRoutes {
			if r.subject == "" {
				continue
			}
			raw := strings.TrimPrefix(optString(i, r.option), "#")
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
// that set their own contexts (the tournaments', server-only) keep them.
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
