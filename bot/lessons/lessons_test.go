package lessons

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

// The lesson's buttons are made and read through their shapes, which the
// router registers in the bot; here the test does.
func init() {
	kit.RegisterShape("n", kit.LessonShape)
	kit.RegisterShape("v", kit.KindShape)
	games.Register(untaught{})
}

// untaught is a game without a lesson: /learn must not offer it. Only its
// name is ever asked for.
type untaught struct{ games.Game }

func (untaught) Name() string  { return "untaught" }
func (untaught) Title() string { return "Untaught" }

// unit is Lessons on a fresh Core, with a Discord that records.
func unit(t *testing.T) (*Lessons, *kittest.Recorder) {
	t.Helper()
	core, rec, _ := kittest.Core(t, 1)
	return New(core), rec
}

// handle answers i as the router does: /learn, or a lesson's button read
// through its shape, and an error as the player reads it.
func handle(b *Lessons, i *discordgo.Interaction) {
	ctx := b.Resolve(context.Background(), i)
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		err = b.Learn(ctx, i)
	case discordgo.InteractionMessageComponent:
		f := strings.SplitN(i.MessageComponentData().CustomID, "/", 5)
		a := kit.Action{Kind: f[0]}
		if f[0] != "n" || !kit.LessonShape.Parse(f[1:], &a) {
			err = kit.ErrForged
		} else {
			err = b.Click(ctx, i, a)
		}
	}
	if err != nil {
		text, _ := kit.Explain(kit.LangOf(i), err)
		_ = b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: text, Ephemeral: true})
	}
}

// last is the last answer recorded.
func last(t *testing.T, rec *kittest.Recorder) kittest.Call {
	t.Helper()
	if len(rec.Calls) == 0 || rec.Calls[len(rec.Calls)-1].Op != "respond" {
		t.Fatalf("no answer: %v", rec.Ops())
	}
	return rec.Calls[len(rec.Calls)-1]
}

// learn starts kind's lesson in locale and returns its first message.
func learn(t *testing.T, b *Lessons, rec *kittest.Recorder, kind, locale string) *kit.Message {
	t.Helper()
	i := kittest.Payload(t, filepath.Join("..", "testdata", "learn_aseb.json"))
	i.Locale = discordgo.Locale(locale)
	i.ApplicationCommandData().Options[0].Value = kind
	handle(b, i)
	c := last(t, rec)
	if c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral {
		t.Fatalf("/learn answered %v, ephemeral %v: want the lesson for the player alone", c.Typ, c.Msg.Ephemeral)
	}
	return c.Msg
}

// click presses the button of m labelled label, in locale.
func click(t *testing.T, b *Lessons, rec *kittest.Recorder, m *kit.Message, label, locale string) kittest.Call {
	t.Helper()
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			if btn := c.(discordgo.Button); btn.Label == label {
				i := kittest.Click(t, filepath.Join("..", "testdata", "click_leaderboard.json"), btn.CustomID)
				i.Locale = discordgo.Locale(locale)
				handle(b, i)
				return last(t, rec)
			}
		}
	}
	t.Fatalf("no button %q in %s", label, buttons(m))
	return kittest.Call{}
}

func buttons(m *kit.Message) string {
	var out []string
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			b := c.(discordgo.Button)
			out = append(out, fmt.Sprintf("%q=%s", b.Label, b.CustomID))
		}
	}
	return strings.Join(out, " ")
}

func lessonOf(t *testing.T, kind string) games.Lesson {
	t.Helper()
	g, _ := games.Lookup(kind)
	l, err := games.LessonOf(g)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// checkStep holds m to step k of kind's lesson l in lg: its sentence, its
// position's picture and its numbering.
func checkStep(t *testing.T, lg *lang.Lang, m *kit.Message, kind string, l games.Lesson, k int) {
	t.Helper()
	s := l.Steps[k]
	if len(m.Embeds) != 1 || m.Embeds[0].Description != s.Say.In(lg) {
		t.Fatalf("step %d: embeds %+v, want the step's sentence", k+1, m.Embeds)
	}
	kittest.CheckEmbed(t, m.Embeds[0])
	if want := lg.T("learn.title", "Game", kit.KindTitle(kind), "Step", k+1, "Steps", len(l.Steps)); m.Embeds[0].Title != want {
		t.Errorf("step %d titled %q, want %q", k+1, m.Embeds[0].Title, want)
	}
	g, _ := games.Lookup(kind)
	alt := render.Describe(lg, g, s.Config, s.Pos, render.Last{Throws: s.Throws, Thrower: s.Pos.Due().Player, ThrownFrom: s.Before})
	if len(m.Files) != 1 || !bytes.HasPrefix(m.Files[0].Data, []byte("\x89PNG")) || m.Files[0].Description != kit.Clip(alt, 1024) {
		t.Errorf("step %d: files %d, want the board's picture with its alt text in %s", k+1, len(m.Files), lg.Tag())
	}
	if n := strings.Count(buttons(m), "="); n != len(s.Offers)+1 {
		t.Errorf("step %d: %d buttons, want %d", k+1, n, len(s.Offers)+1)
	}
}

// Every lesson /learn offers, played from the command to its end through
// the buttons, in every language: each right move goes on to the next step,
// and the last offers the first game against the computer and the lesson
// again.
func TestLessonFromStartToEnd(t *testing.T) {
	if len(Taught()) == 0 {
		t.Fatal("/learn offers no game")
	}
	for _, kind := range Taught() {
		for _, locale := range []string{"en-US", "ru", "de", "fr", "es-ES"} {
			playLesson(t, kind, locale)
		}
	}
}

func playLesson(t *testing.T, kind, locale string) {
	t.Helper()
	l, lg := lessonOf(t, kind), lang.For(locale)
	b, rec := unit(t)
	m := learn(t, b, rec, kind, locale)
	for k, s := range l.Steps {
		checkStep(t, lg, m, kind, l, k)
		c := click(t, b, rec, m, games.Named(lg, s.Pos, s.Ask), locale)
		if c.Typ != discordgo.InteractionResponseUpdateMessage || !strings.HasPrefix(c.Msg.Content, "✅") {
			t.Fatalf("%s in %s, step %d: the right move answered %v %q", kind, locale, k+1, c.Typ, c.Msg.Content)
		}
		m = c.Msg
	}
	done := lg.T("learn.done", "Game", kit.KindTitle(kind))
	if len(m.Files) != 0 || !strings.Contains(buttons(m), kit.FirstGameCID(kind)) || m.Embeds[0].Description != done {
		t.Errorf("%s in %s: the lesson ends with %q and %s", kind, locale, m.Embeds[0].Description, buttons(m))
	}
	again := click(t, b, rec, m, lg.T("learn.again"), locale)
	checkStep(t, lg, again.Msg, kind, l, 0)
}

// A wrong move stays on its step and says the rule: the engine's refusal
// where the rules forbid it (with the rule named where the engine does not
// name it), the lesson's words where the move is legal.
func TestLessonWrongMove(t *testing.T) {
	l := lessonOf(t, "aseb")
	for _, tc := range []struct {
		step          int // from 1
		label, wanted string
	}{
		{9, "5 → 9", "(A7)"},           // the engine's reason names the rule
		{6, "5 → 9", "(rule A6)"},      // the engine's reason does not: the lesson names it
		{2, "enter on 2", "(rule A5)"}, // again
		{4, "enter on 3", "(A11)"},     // legal, but not what the step asks
	} {
		b, rec := unit(t)
		m := learn(t, b, rec, "aseb", "en-US")
		for k := 0; k < tc.step-1; k++ {
			m = click(t, b, rec, m, games.Named(lang.En, l.Steps[k].Pos, l.Steps[k].Ask), "en-US").Msg
		}
		c := click(t, b, rec, m, tc.label, "en-US")
		if c.Typ != discordgo.InteractionResponseUpdateMessage || !strings.HasPrefix(c.Msg.Content, "❌") || !strings.Contains(c.Msg.Content, tc.wanted) ||
			strings.Contains(c.Msg.Content, "(rule") != strings.Contains(tc.wanted, "rule") {
			t.Errorf("step %d, %q: answered %v %q, want the rule %s", tc.step, tc.label, c.Typ, c.Msg.Content, tc.wanted)
			continue
		}
		checkStep(t, lang.En, c.Msg, "aseb", l, tc.step-1)
	}
}

// A button from another version of the lesson, or one the bot could not
// have drawn, is refused for the player alone and changes no message.
func TestLessonStaleOrForgedButton(t *testing.T) {
	v := lessonOf(t, "aseb").Version()
	for _, tc := range []struct{ id, want string }{
		{kit.LessonCID("aseb", 2, v+1, "0"), "has changed since"},
		{kit.LessonCID("aseb", 99, v+1, "0"), "has changed since"}, // a longer lesson's
		{kit.LessonCID("aseb", 99, v, "0"), "not one of Kilab's"},
		{kit.LessonCID("aseb", 0, v, "7"), "not one of Kilab's"},
		{kit.LessonCID("chess", 0, v, "0"), "not one of Kilab's"},
		{"n/aseb/0/" + fmt.Sprint(v) + "/x", "not one of Kilab's"},
	} {
		b, rec := unit(t)
		handle(b, kittest.Click(t, filepath.Join("..", "testdata", "click_leaderboard.json"), tc.id))
		c := last(t, rec)
		if c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral || !strings.Contains(c.Msg.Content, tc.want) {
			t.Errorf("%s: answered %v %q, want an ephemeral %q", tc.id, c.Typ, c.Msg.Content, tc.want)
		}
	}
}

// /learn offers only the games whose lessons are complete, and a name it
// does not offer is refused by name.
func TestLearnOffersTaughtGames(t *testing.T) {
	var offered []string
	for _, c := range Command().Options[0].Choices {
		offered = append(offered, fmt.Sprint(c.Value))
	}
	if !slices.Contains(games.Names(), "untaught") {
		t.Fatal("the game without a lesson is not registered")
	}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		_, err := games.LessonOf(g)
		if (err == nil) != strings.Contains(strings.Join(offered, ","), name) {
			t.Errorf("/learn offers %v: %s's lesson: %v", offered, name, err)
		}
	}
	b, rec := unit(t)
	i := kittest.Payload(t, filepath.Join("..", "testdata", "learn_aseb.json"))
	i.ApplicationCommandData().Options[0].Value = "chess"
	handle(b, i)
	if c := last(t, rec); !strings.Contains(c.Msg.Content, "no lesson for \"chess\"") || !c.Msg.Ephemeral {
		t.Errorf("/learn chess answered %q", c.Msg.Content)
	}
}

// Finished in a DM, a lesson offers no first game's button, which would
// only be refused there (a game is played in a server's thread), and says
// where to challenge the computer instead; in a server it offers the game.
func TestLessonEndsInADMWithoutTheGameButton(t *testing.T) {
	t.Parallel()
	for _, kind := range Taught() {
		l := lessonOf(t, kind)
		last := len(l.Steps) - 1
		right := slices.Index(l.Steps[last].Choices(), l.Steps[last].Ask)
		for _, inServer := range []bool{true, false} {
			lg := lang.For("de")
			m, err := answer(lg, kind, l, last, strconv.Itoa(right), inServer)
			if err != nil {
				t.Fatal(err)
			}
			done := map[bool]string{true: "learn.done", false: "learn.done_dm"}[inServer]
			if has := strings.Contains(buttons(m), kit.FirstGameCID(kind)); has != inServer || m.Embeds[0].Description != lg.T(done, "Game", kit.KindTitle(kind)) {
				t.Errorf("%s, in a server %v: the end says %q with buttons %s", kind, inServer, m.Embeds[0].Description, buttons(m))
			}
		}
	}
}
