package fakediscord

import (
	"fmt"
	"math"
	"reflect"

	"github.com/bwmarrin/discordgo"
)

// Opt is an option a user fills in when running a slash command: a value,
// or a subcommand (group) holding further options.
type Opt struct {
	Name    string
	Value   any
	Options []Opt
	Focused bool
	sub     bool
}

// Arg is an option with a value: a string, an integer, a float, a bool, or
// for user, channel, role and mentionable options an id.
func Arg(name string, value any) Opt { return Opt{Name: name, Value: value} }

// Sub is a subcommand or subcommand group with its options.
func Sub(name string, opts ...Opt) Opt { return Opt{Name: name, Options: opts, sub: true} }

// Focus is the option being typed during autocomplete, with the partial text
// typed so far (Discord sends it as a string whatever the option's type).
func Focus(name, partial string) Opt { return Opt{Name: name, Value: partial, Focused: true} }

// Command dispatches a slash command (interaction type 2) run by userID in
// channelID: a guild channel, a thread, or a DM channel from DMChannel. The
// command and its options must match what the bot registered, as Discord's
// client only sends registered commands with well-typed options.
func (s *Server) Command(userID, channelID, name string, opts ...Opt) *Interaction {
	s.t.Helper()
	return s.command2(discordgo.InteractionApplicationCommand, userID, channelID, name, opts)
}

// Autocomplete dispatches an autocomplete request (interaction type 4) for a
// command; exactly one option, given with Focus, is the one being typed.
// Await the result with Interaction.Choices.
func (s *Server) Autocomplete(userID, channelID, name string, opts ...Opt) *Interaction {
	s.t.Helper()
	return s.command2(discordgo.InteractionApplicationCommandAutocomplete, userID, channelID, name, opts)
}

func (s *Server) command2(typ discordgo.InteractionType, userID, channelID, name string, opts []Opt) *Interaction {
	s.t.Helper()
	what := fmt.Sprintf("/%s by %s in %s", name, userID, channelID)
	st, p, err := s.interactionBase(typ, userID, channelID)
	if err != nil {
		return s.failed(what, err)
	}
	cmd := s.command(st.guildID, name)
	if cmd == nil {
		return s.failed(what, fmt.Errorf("the bot has not registered /%s where it is used", name))
	}
	if st.guildID == "" && !usableInDMs(cmd) {
		return s.failed(what, fmt.Errorf("/%s is not available in DMs", name))
	}
	b := &optBuilder{s: s, auto: typ == discordgo.InteractionApplicationCommandAutocomplete, guildID: st.guildID}
	wire, err := b.options(cmd.Options, opts)
	if err == nil && b.auto && b.focused != 1 {
		err = fmt.Errorf("autocomplete needs exactly one focused option, got %d", b.focused)
	}
	if err != nil {
		return s.failed(what, err)
	}
	data := object{"id": cmd.ID, "name": cmd.Name, "type": int(cmd.Type), "options": wire}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	if len(b.resolved) > 0 {
		data["resolved"] = b.resolved
	}
	p["data"] = data
	st.name = name
	return s.send(st, p)
}

func usableInDMs(cmd *discordgo.ApplicationCommand) bool {
	if cmd.Contexts != nil {
		for _, c := range *cmd.Contexts {
			if c == discordgo.InteractionContextBotDM {
				return true
			}
		}
		return false
	}
	//lint:ignore SA1019 Discord still honours dm_permission on commands registered with it.
	return cmd.DMPermission == nil || *cmd.DMPermission
}

// optBuilder turns a test's options into Discord's wire form, typed by the
// registered command.
type optBuilder struct {
	s        *Server
	auto     bool
	guildID  string
	focused  int
	resolved object
}

func (b *optBuilder) options(reg []*discordgo.ApplicationCommandOption, opts []Opt) ([]object, error) {
	out := []object{}
	for _, o := range opts {
		r := findOption(reg, o.Name)
		if r == nil {
			return nil, fmt.Errorf("option %q is not registered", o.Name)
		}
		w, err := b.option(r, o)
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", o.Name, err)
		}
		out = append(out, w)
	}
	if !b.auto {
		for _, r := range reg {
			if r.Required && !hasOpt(opts, r.Name) {
				return nil, fmt.Errorf("required option %q missing", r.Name)
			}
		}
	}
	return out, nil
}

func findOption(reg []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, r := range reg {
		if r.Name == name {
			return r
		}
	}
	return nil
}

func hasOpt(opts []Opt, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			return true
		}
	}
	return false
}

func (b *optBuilder) option(r *discordgo.ApplicationCommandOption, o Opt) (object, error) {
	w := object{"name": r.Name, "type": int(r.Type)}
	isSub := r.Type == discordgo.ApplicationCommandOptionSubCommand || r.Type == discordgo.ApplicationCommandOptionSubCommandGroup
	if isSub != o.sub {
		return nil, fmt.Errorf("registered as type %d; use Sub for subcommands and Arg for values", r.Type)
	}
	if isSub {
		sub, err := b.options(r.Options, o.Options)
		w["options"] = sub
		return w, err
	}
	if o.Focused {
		if !r.Autocomplete {
			return nil, fmt.Errorf("is not registered with autocomplete")
		}
		b.focused++
		w["value"], w["focused"] = o.Value, true
		return w, nil
	}
	v, err := b.value(r, o.Value)
	w["value"] = v
	return w, err
}

// value checks a value against its option's type, choices and bounds, as
// Discord's client does before sending.
func (b *optBuilder) value(r *discordgo.ApplicationCommandOption, v any) (any, error) {
	switch r.Type {
	case discordgo.ApplicationCommandOptionString:
		str, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("string option given %T", v)
		}
		return str, checkChoice(r, str)
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		return b.number(r, v)
	case discordgo.ApplicationCommandOptionBoolean:
		if _, ok := v.(bool); !ok {
			return nil, fmt.Errorf("boolean option given %T", v)
		}
		return v, nil
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		return v, b.resolveUser(v)
	case discordgo.ApplicationCommandOptionChannel:
		return v, b.resolveChannel(v)
	case discordgo.ApplicationCommandOptionRole:
		if v != b.guildID {
			return nil, fmt.Errorf("the fake's only role is @everyone (%s)", b.guildID)
		}
		return v, nil
	}
	return nil, fmt.Errorf("option type %d is not supported by the fake", r.Type)
}

func (b *optBuilder) number(r *discordgo.ApplicationCommandOption, v any) (any, error) {
	rv := reflect.ValueOf(v)
	var f float64
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f = float64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		f = float64(rv.Uint())
	case reflect.Float32, reflect.Float64:
		f = rv.Float()
	default:
		return nil, fmt.Errorf("numeric option given %T", v)
	}
	if r.Type == discordgo.ApplicationCommandOptionInteger && f != math.Trunc(f) {
		return nil, fmt.Errorf("integer option given %v", v)
	}
	if (r.MinValue != nil && f < *r.MinValue) || (r.MaxValue != 0 && f > r.MaxValue) {
		return nil, fmt.Errorf("%v is out of the registered range", v)
	}
	if len(r.Choices) > 0 && !hasChoice(r.Choices, f) {
		return nil, fmt.Errorf("%v is not one of the registered choices", v)
	}
	return f, nil
}

func checkChoice(r *discordgo.ApplicationCommandOption, v string) error {
	if len(r.Choices) > 0 && !hasChoice(r.Choices, v) {
		return fmt.Errorf("%q is not one of the registered choices", v)
	}
	n := len([]rune(v))
	if (r.MinLength != nil && n < *r.MinLength) || (r.MaxLength > 0 && n > r.MaxLength) {
		return fmt.Errorf("%q has a length outside the registered bounds", v)
	}
	return nil
}

func hasChoice(cs []*discordgo.ApplicationCommandOptionChoice, v any) bool {
	for _, c := range cs {
		if fmt.Sprint(c.Value) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

// resolveUser adds a user option's user (and member, in a guild) to the
// interaction's resolved data, as Discord does.
func (b *optBuilder) resolveUser(v any) error {
	id, _ := v.(string)
	u, ok := b.s.User(id)
	if !ok {
		return fmt.Errorf("unknown user %v", v)
	}
	b.resolvedMap("users")[id] = wireUser(&u)
	if b.guildID != "" {
		m := wireMember(&u, snowflakeTime(u.ID), fmt.Sprint(memberPermissions))
		delete(m, "user")
		b.resolvedMap("members")[id] = m
	}
	return nil
}

func (b *optBuilder) resolveChannel(v any) error {
	id, _ := v.(string)
	ch, ok := b.s.Channel(id)
	if !ok {
		return fmt.Errorf("unknown channel %v", v)
	}
	b.resolvedMap("channels")[id] = object{
		"id": ch.ID, "type": int(ch.Type), "name": ch.Name, "permissions": fmt.Sprint(memberPermissions),
	}
	return nil
}

func (b *optBuilder) resolvedMap(kind string) object {
	if b.resolved == nil {
		b.resolved = object{}
	}
	if b.resolved[kind] == nil {
		b.resolved[kind] = object{}
	}
	return b.resolved[kind].(object)
}
