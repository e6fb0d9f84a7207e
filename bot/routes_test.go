package bot

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	dto "github.com/prometheus/client_model/go"
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/internal/storetest"

	"kilab/games"
	"kilab/store"
)

// samples are one action of every verb of every component route, naming id
// 777, which no test database holds.
func samples(t *testing.T) []kit.Action {
	t.Helper()
	var out []kit.Action
	for _, r := range componentRoutes {
		verbs := strings.Split(r.verbs, "")
		if r.verbs == "" {
			verbs = []string{""}
		}
		for _, v := range verbs {
			a := kit.Action{Kind: r.kind, Verb: v, ID: 777, Version: 3}
			switch {
			case r.kind == "g" && v == "m":
				a.Arg = "5-8"
			case r.kind == "g" && v == "p":
				a.Arg = "row 1/A1"
			case r.kind == "l":
				a.Arg = "aseb"
			case r.kind == "b":
				a.Arg = "tab"
			case r.kind == "n":
				a.Arg, a.Verb = "aseb", "2"
			case r.kind == "v":
				a.Arg, a.ID, a.Version = "aseb", 0, 0 // a kind alone
			}
			out = append(out, a)
		}
	}
	if len(out) < len(componentRoutes) {
		t.Fatal("no samples")
	}
	return out
}

// Every custom_id the routes make reads back as what was made, through the
// same route.
func TestRoutesRoundTrip(t *testing.T) {
	t.Parallel()
	for _, a := range samples(t) {
		id := a.CustomID()
		got, r, err := parseAction(id)
		switch {
		case err != nil:
			t.Errorf("%q refused: %v", id, err)
		case r.kind != a.Kind || got.Kind != a.Kind:
			t.Errorf("%q read by route %q", id, r.kind)
		case got.Verb != a.Verb || got.ID != a.ID || got.CustomID() != id:
			t.Errorf("%q read back as %+v", id, got)
		}
	}
}

// The tables hold each kind, name and command once, and every option the
// commands autocomplete has a route.
func TestRoutesAreOneEach(t *testing.T) {
	t.Parallel()
	kinds, names := map[string]bool{}, map[string]bool{}
	for _, r := range componentRoutes {
		if kinds[r.kind] || names[r.name] || r.name == "unknown" || r.handle == nil {
			t.Errorf("component route %q (%s) twice, or without a handler", r.kind, r.name)
		}
		kinds[r.kind], names[r.name] = true, true
	}
	var defined []string
	for _, c := range Commands() {
		defined = append(defined, c.Name)
	}
	var routed []string
	for _, r := range commandRoutes {
		routed = append(routed, r.name)
	}
	if !slices.Equal(defined, routed) {
		t.Errorf("commands defined %v, routed %v", defined, routed)
	}
	var walk func(cmd string, opts []*discordgo.ApplicationCommandOption)
	walk = func(cmd string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o.Autocomplete && !slices.ContainsFunc(autocompleteRoutes, func(r autocompleteRoute) bool { return r.option == o.Name }) {
				t.Errorf("/%s's option %s autocompletes with no route", cmd, o.Name)
			}
			walk(cmd, o.Options)
		}
	}
	for _, c := range Commands() {
		walk(c.Name, c.Options)
	}
}

// routeBot is a bot on a fresh database whose logs and metrics a test reads.
func routeBot(t *testing.T) (*Bot, *bytes.Buffer) {
	t.Helper()
	db, err := store.Open(context.Background(), storetest.Path(t, "routes.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return newBot(Config{DB: db, Source: games.Seeded(1), Log: log, AckBudget: -1}, &kittest.Recorder{}), &logs
}

// counted is how many interactions of typ and name the metrics hold.
func counted(b *Bot, typ, name string) float64 {
	n := 0.0
	for _, outcome := range []string{outcomeOK, outcomeUserError, outcomeFault} {
		var m dto.Metric
		if err := b.met.interactions.WithLabelValues(typ, name, outcome).Write(&m); err == nil {
			n += m.GetCounter().GetValue()
		}
	}
	return n
}

// A click of every route is counted and logged under its route's name, with
// the id its custom_id names under the route's subject.
func TestRoutesCountedAndLoggedByName(t *testing.T) {
	t.Parallel()
	b, logs := routeBot(t)
	for _, a := range samples(t) {
		r, _ := componentRouteOf(a.Kind)
		logs.Reset()
		before := counted(b, "component", r.name)
		b.Handle(context.Background(), &discordgo.Interaction{ID: "1", Type: discordgo.InteractionMessageComponent,
			ChannelID: "5", User: &discordgo.User{ID: "42"},
			Data: discordgo.MessageComponentInteractionData{CustomID: a.CustomID(), ComponentType: discordgo.ButtonComponent, Values: []string{"5-8"}}})
		if counted(b, "component", r.name) != before+1 {
			t.Errorf("%s: not counted as %q", a.CustomID(), r.name)
		}
		line := logs.String()
		if !strings.Contains(line, "name="+r.name+" ") {
			t.Errorf("%s: logged %q, not as %s", a.CustomID(), line, r.name)
		}
		if subject := r.subject + "=777"; r.subject != "" && !strings.Contains(line, subject) {
			t.Errorf("%s: logged %q, without %s", a.CustomID(), line, subject)
		}
		for _, other := range []string{"game=", "challenge=", "tournament="} {
			if !strings.HasPrefix(other, r.subject+"=") && strings.Contains(line, " "+other) {
				t.Errorf("%s: logged %q, with %s", a.CustomID(), line, other)
			}
		}
	}
	faults(t, b, "component")
}

// faults fails the test for every route of typ that ended in a fault: a
// handler that panicked, or a route whose feature the Bot does not hand it,
// rather than the player's error a made-up id is.
func faults(t *testing.T, b *Bot, typ string) {
	t.Helper()
	names := []string{}
	for _, r := range commandRoutes {
		names = append(names, r.name)
	}
	for _, r := range componentRoutes {
		names = append(names, r.name)
	}
	for _, name := range names {
		var m dto.Metric
		if err := b.met.interactions.WithLabelValues(typ, name, outcomeFault).Write(&m); err == nil && m.GetCounter().GetValue() > 0 {
			t.Errorf("%s %s ended in a fault", typ, name)
		}
	}
}

// A command of every route is counted and logged under its own name, and a
// Command's game or tournament option labels its logs.
func TestCommandsCountedAndLoggedByName(t *testing.T) {
	t.Parallel()
	b, logs := routeBot(t)
	for _, r := range commandRoutes {
		logs.Reset()
		before := counted(b, "command", r.name)
		b.Handle(context.Background(), &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand,
			ChannelID: "5", User: &discordgo.User{ID: "42"},
			Data: discordgo.ApplicationCommandInteractionData{Name: r.name, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: kit.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: "#777"}}}})
		if counted(b, "command", r.name) != before+1 {
			t.Errorf("/%s not counted under its name", r.name)
		}
		if line := logs.String(); !strings.Contains(line, "name="+r.name+" ") || !strings.Contains(line, "game=777") {
			t.Errorf("/%s logged %q", r.name, line)
		}
	}
	logs.Reset()
	b.Handle(context.Background(), &discordgo.Interaction{ID: "2", Type: discordgo.InteractionApplicationCommand,
		ChannelID: "5", GuildID: "9", Member: &discordgo.Member{User: &discordgo.User{ID: "42"}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "standings", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: kit.OptTournament, Type: discordgo.ApplicationCommandOptionString, Value: "31"}}}})
	if line := logs.String(); !strings.Contains(line, "tournament=31") || strings.Contains(line, "game=") {
		t.Errorf("/standings logged %q", line)
	}
	if counted(b, "command", "unknown") != 0 {
		t.Error("a routed command was counted as unknown")
	}
	faults(t, b, "command")
}

// What no route makes is refused and counted as unknown, so a forged id adds
// no label.
func TestUnroutedIsUnknown(t *testing.T) {
	t.Parallel()
	b, _ := routeBot(t)
	// "g" and "t/x/1" are refused too, but under the routes they name.
	for _, id := range []string{"z/1", "", "g", "t/x/1"} {
		b.Handle(context.Background(), &discordgo.Interaction{ID: "3", Type: discordgo.InteractionMessageComponent,
			ChannelID: "5", User: &discordgo.User{ID: "42"},
			Data: discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.ButtonComponent}})
	}
	if n := counted(b, "component", "unknown"); n != 2 {
		t.Errorf("%v forged clicks counted as unknown, want 2", n)
	}
	if n := counted(b, "component", "tournament"); n != 1 {
		t.Errorf("%v forged tournament clicks counted, want 1", n)
	}
}
