package lessons

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
)

// Lessons is /learn, on the bot's shared Core.
type Lessons struct{ *kit.Core }

// New is the lessons of the bot whose Core is core.
func New(core *kit.Core) *Lessons { return &Lessons{Core: core} }

// built are the lessons of the games that teach, by game name, built once:
// they are the same for every player and never change while the bot runs.
// A lesson that does not build is left out (the games' tests fail on it).
var built = sync.OnceValue(func() map[string]games.Lesson {
	out := map[string]games.Lesson{}
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		if l, err := games.LessonOf(g); err == nil && len(l.Steps) > 0 {
			out[name] = l
		}
	}
	return out
})

// Taught lists the games /learn offers, by name: those whose lesson is
// complete.
func Taught() []string {
	var names []string
	for name := range built() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Command is /learn game, its choices the games Taught.
func Command() *discordgo.ApplicationCommand {
	o := kit.Option(discordgo.ApplicationCommandOptionString, kit.OptGame, lang.T("cmd.opt.game"), lang.T("cmd.learn.game"), true)
	for _, name := range Taught() {
		g, _ := games.Lookup(name)
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: g.Title(), NameLocalizations: kit.Everywhere(g.Title()), Value: name})
	}
	return kit.Command("learn", lang.T("cmd.learn.name"), lang.T("cmd.learn.desc"), o)
}

// Learn answers /learn game with the lesson's first step, for the player
// alone.
func (b *Lessons) Learn(ctx context.Context, i *discordgo.Interaction) error {
	name := kit.OptString(i, kit.OptGame)
	if _, ok := built()[name]; !ok {
		return lang.Fail("learn.unknown", "Name", strconv.Quote(name), "Games", strings.Join(Taught(), ", "))
	}
	m, err := stepMessage(kit.LangOf(i), name, 0, "")
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// Click answers a step's button: "s" shows the step again, a choice is the
// player's answer. The right answer goes on to the next step (or the end),
// a wrong one stays on the step and says which rule forbids it. Either way
// the lesson's message is updated in place; a button the bot could not have
// drawn, or drawn from another version of the lesson, changes nothing.
func (b *Lessons) Click(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	l, ok := built()[a.Arg]
	switch {
	case !ok:
		return kit.ErrForged
	case a.Version != l.Version():
		// Another version's steps, which may be more than this one has.
		return lang.Fail("learn.stale", "Game", a.Arg)
	case a.ID >= int64(len(l.Steps)):
		return kit.ErrForged
	}
	step := int(a.ID)
	m, err := answer(kit.LangOf(i), a.Arg, l, step, a.Verb, i.GuildID != "")
	if err != nil {
		return err
	}
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, m)
}

// answer is the message that follows verb on step of name's lesson l, in a
// server's channel or (inServer false) a DM.
func answer(lg *lang.Lang, name string, l games.Lesson, step int, verb string, inServer bool) (*kit.Message, error) {
	if verb == "s" {
		return stepMessage(lg, name, step, "")
	}
	s := l.Steps[step]
	choices := s.Choices()
	k, _ := strconv.Atoi(verb) // the shape let only numbers through
	if k >= len(choices) {
		return nil, kit.ErrForged
	}
	move := choices[k]
	said := games.Named(lg, s.Pos, move)
	if o, wrong := s.Offer(move); wrong {
		return stepMessage(lg, name, step, lg.T("learn.wrong", "Move", said, "Why", why(lg, s, o)))
	}
	right := lg.T("learn.right", "Move", said)
	if step+1 == len(l.Steps) {
		return doneMessage(lg, name, right, inServer), nil
	}
	return stepMessage(lg, name, step+1, right)
}

// why says in l why offer o of step s is wrong: the lesson's words for a
// legal move, the engine's refusal for an illegal one, with the rule named
// where the refusal does not name it.
func why(l *lang.Lang, s games.Step, o games.Offer) string {
	if o.Why.ID != "" {
		return o.Why.In(l)
	}
	_, err := s.Pos.Play(o.Move)
	text, _ := kit.Explain(l, err)
	if !regexp.MustCompile(`\b` + regexp.QuoteMeta(o.Rule) + `\b`).MatchString(text) {
		text += " " + l.T("learn.cite", "Rule", o.Rule)
	}
	return text
}
