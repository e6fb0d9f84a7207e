package puzzle

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb" // the engines the puzzles are of
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/store"
	"kilab/store/glicko"
)

// The router registers the answer buttons' shape in the bot; here the test does.
func init() {
	kit.RegisterShape("p", kit.PageShape)
	kit.RegisterShape("pd", kit.PageShape)
}

// unit is /puzzle with the starter set, on a Discord that records.
func unit(t *testing.T) (*Puzzles, *kittest.Recorder, puzzles.Set) {
	t.Helper()
	core, rec, _ := kittest.Core(t, 1)
	set, err := puzzles.Starter()
	if err != nil {
		t.Fatal(err)
	}
	return New(core, set), rec, set
}

// command is /puzzle solve with game ("" for none) in locale.
func command(t *testing.T, game, locale string) *discordgo.Interaction {
	t.Helper()
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	if game != "" {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: kit.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: game}}
	}
	return subcommand(t, "solve", opts, locale)
}

// subcommand is /puzzle sub with opts in locale, sent by Ana in the
// server's channel.
func subcommand(t *testing.T, sub string, opts []*discordgo.ApplicationCommandInteractionDataOption, locale string) *discordgo.Interaction {
	t.Helper()
	i := kittest.Payload(t, "../testdata/rules_tab.json")
	i.Locale = discordgo.Locale(locale)
	data := i.ApplicationCommandData()
	data.Name = "puzzle"
	data.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
	i.Data = data
	return i
}

// click is a click on customID in locale.
func click(t *testing.T, customID, locale string) *discordgo.Interaction {
	t.Helper()
	i := kittest.Click(t, "../testdata/rules_tab.json", customID)
	i.Type = discordgo.InteractionMessageComponent
	i.Locale = discordgo.Locale(locale)
	return i
}

// handle answers i as the router does, an error as the player reads it.
func handle(b *Puzzles, i *discordgo.Interaction) {
	ctx := context.Background()
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		err = b.Puzzle(ctx, i)
	case discordgo.InteractionMessageComponent:
		f := strings.SplitN(i.MessageComponentData().CustomID, "/", 5)
		a := kit.Action{Kind: f[0]}
		switch {
		case len(f) < 2 || !kit.PageShape.Parse(f[1:], &a):
			err = kit.ErrForged
		case f[0] == "p":
			err = b.Answer(ctx, i, a)
		case f[0] == "pd":
			err = b.AnswerDaily(ctx, i, a)
		default:
			err = kit.ErrForged
		}
	}
	if err != nil {
		text, _ := kit.Explain(kit.LangOf(i), err)
		_ = b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: text, Ephemeral: true})
	}
}

func last(t *testing.T, rec *kittest.Recorder) kittest.Call {
	t.Helper()
	if len(rec.Calls) == 0 {
		t.Fatal("nothing was answered")
	}
	return rec.Calls[len(rec.Calls)-1]
}

// buttonsOf are the answer buttons of a question, in order.
func buttonsOf(m *kit.Message) []discordgo.Button {
	var out []discordgo.Button
	for _, row := range m.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			out = append(out, c.(discordgo.Button))
		}
	}
	return out
}

// /puzzle game shows one of that game's puzzles to the player alone: the
// board, the throw made, and a button for every legal move, in words; with
// no game it shows some game's.
func TestPuzzleShowsTheMovesAsButtons(t *testing.T) {
	t.Parallel()
	b, rec, set := unit(t)
	byID := map[string]puzzles.Puzzle{}
	for _, p := range set.Puzzles {
		byID[p.ID] = p
	}
	for _, game := range []string{"aseb", "tab", "seega", ""} {
		handle(b, command(t, game, "en-US"))
		c := last(t, rec)
		if c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral || len(c.Msg.Files) != 1 || len(c.Msg.Embeds) != 1 {
			t.Fatalf("/puzzle %s answered %v %+v", game, c.Typ, c.Msg)
		}
		buttons := buttonsOf(c.Msg)
		var a kit.Action
		if len(buttons) == 0 || !kit.PageShape.Parse(strings.Split(buttons[0].CustomID, "/")[1:], &a) {
			t.Fatalf("/puzzle %s: buttons %+v", game, buttons)
		}
		p := byID[a.Arg]
		if (game != "" && p.Game != game) || len(buttons) != len(p.Moves) {
			t.Errorf("/puzzle %s showed %s with %d buttons for %d moves", game, p.ID, len(buttons), len(p.Moves))
		}
		if !strings.Contains(c.Msg.Embeds[0].Description, p.Throw) {
			t.Errorf("/puzzle %s: the throw %q is not said: %q", game, p.Throw, c.Msg.Embeds[0].Description)
		}
	}
}

// A click on the best move says so; on another move it says which was
// best; both give every move's winning chance, said to be exact (Aseb's),
// or calibrated (Tab's and Seega's, on 5 x 5), with the pieces each move
// wins where the puzzle is of material, and take the buttons away.
func TestAnswerRightAndWrong(t *testing.T) {
	t.Parallel()
	b, rec, set := unit(t)
	l := lang.For("en-US")
	explained := 0 // answers that say what each move wins in pieces
	for _, game := range []string{"aseb", "tab", "seega"} {
		p := b.byGame[game][0]
		g, _ := games.Lookup(p.Game)
		pos, err := g.Parse(p.Config, p.Position)
		if err != nil {
			t.Fatal(err)
		}
		best := games.Label(l, pos, p.Best)
		for k, v := range p.Moves {
			handle(b, click(t, kit.PuzzleCID(p.ID, k), "en-US"))
			c := last(t, rec)
			want := l.T("puzzle.wrong", "Played", games.Label(l, pos, v.Move), "Best", best)
			if k == 0 {
				want = l.T("puzzle.right", "Best", best)
			}
			if c.Typ != discordgo.InteractionResponseUpdateMessage || !strings.HasPrefix(c.Msg.Content, want) || len(c.Msg.Components) != 0 {
				t.Fatalf("%s move %d: %v %q, want it to open with %q", p.ID, k, c.Typ, c.Msg.Content, want)
			}
			how := map[string]string{"aseb": "puzzle.values_exact", "tab": "puzzle.values_calibrated", "seega": "puzzle.values_calibrated"}[game]
			if !strings.Contains(c.Msg.Content, l.T(how)) || !strings.Contains(c.Msg.Content, fmt.Sprintf("%.1f%%", 100*p.Moves[len(p.Moves)-1].Chance)) {
				t.Errorf("%s: the values are not all given: %q", p.ID, c.Msg.Content)
			}
			if a := puzzles.Answer(l, pos, p, v.Move); a.Gains != "" {
				explained++
				if !strings.Contains(c.Msg.Content, "\n\n"+a.Gains) {
					t.Errorf("%s: the pieces each move wins are not explained: %q", p.ID, c.Msg.Content)
				}
			}
		}
	}
	if explained == 0 {
		t.Error("no answer said what each move wins in pieces: Tab's and Seega's first puzzles are of material")
	}
	_ = set
}

// A button the bot could not have made, or of a puzzle it no longer
// offers, gets a message and nothing else.
func TestForgedAndStaleButtons(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	p := b.byGame["tab"][0]
	for id, want := range map[string]string{
		"p/aseb-000000000000/0":                    "no longer offered",
		fmt.Sprintf("p/%s/%d", p.ID, len(p.Moves)): "not one of Kilab's",
		"p/" + p.ID + "/x":                         "not one of Kilab's",
		"p/" + p.ID:                                "not one of Kilab's",
	} {
		before := len(rec.Calls)
		handle(b, click(t, id, "en-US"))
		c := last(t, rec)
		if len(rec.Calls) != before+1 || c.Typ != discordgo.InteractionResponseChannelMessageWithSource || !c.Msg.Ephemeral || !strings.Contains(c.Msg.Content, want) {
			t.Errorf("%s: %d calls, %v %q; want %q", id, len(rec.Calls)-before, c.Typ, c.Msg.Content, want)
		}
	}
}

// The puzzle and its answer are in the player's language.
func TestPuzzleSpeaksThePlayersLanguage(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	for _, locale := range []string{"en-US", "ru", "de", "fr", "es-ES"} {
		l := lang.For(locale)
		handle(b, command(t, "aseb", locale))
		c := last(t, rec)
		var a kit.Action
		buttons := buttonsOf(c.Msg)
		if len(buttons) == 0 || !kit.PageShape.Parse(strings.Split(buttons[0].CustomID, "/")[1:], &a) {
			t.Fatalf("%s: buttons %+v", locale, buttons)
		}
		p := b.byID[a.Arg]
		g, _ := games.Lookup(p.Game)
		if want := l.T("puzzle.title", "Game", g.Title(), "Config", kit.ConfigText(l, g, p.Config)); c.Msg.Embeds[0].Title != want {
			t.Errorf("%s: title %q, want %q", locale, c.Msg.Embeds[0].Title, want)
		}
		handle(b, click(t, buttons[0].CustomID, locale))
		if got := last(t, rec).Msg.Content; !strings.Contains(got, l.T("puzzle.values_exact")) {
			t.Errorf("%s: the answer is not in the language: %q", locale, got)
		}
	}
}

// /puzzle without a subcommand, or with one it no longer has (daily, now
// /mod daily, which an old client may still send), says which to pick:
// every subcommand /puzzle has and no other, as the players of each
// language type them.
func TestPuzzleUseNamesEverySubcommand(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	cmd := Command()
	locales := []discordgo.Locale{discordgo.EnglishUS}
	for _, d := range kit.DiscordLocales {
		locales = append(locales, d.Locales...)
	}
	named := func(name string, names map[discordgo.Locale]string, loc discordgo.Locale) string {
		if n, ok := names[loc]; ok && loc != discordgo.EnglishUS {
			return n
		}
		return name
	}
	for _, loc := range locales {
		top := named(cmd.Name, *cmd.NameLocalizations, loc)
		var subs []string
		for _, o := range cmd.Options {
			subs = append(subs, named(o.Name, o.NameLocalizations, loc))
		}
		none := subcommand(t, "solve", nil, string(loc))
		data := none.ApplicationCommandData()
		data.Options = nil
		none.Data = data
		for what, i := range map[string]*discordgo.Interaction{"no subcommand": none, "daily": subcommand(t, "daily", nil, string(loc))} {
			handle(b, i)
			got := last(t, rec).Msg.Content
			if got != lang.For(string(loc)).T("puzzle.err.use") {
				t.Errorf("%s, %s: %q", loc, what, got)
			}
			for _, sub := range subs {
				if !strings.Contains(got, "/"+top+" "+sub) {
					t.Errorf("%s, %s: %q does not name /%s %s", loc, what, got, top, sub)
				}
			}
			for _, m := range regexp.MustCompile("/"+regexp.QuoteMeta(top)+` ([\p{L}-]+)`).FindAllStringSubmatch(got, -1) {
				if !slices.Contains(subs, m[1]) {
					t.Errorf("%s, %s: %q names /%s %s, which /%s does not have", loc, what, got, top, m[1], top)
				}
			}
		}
	}
}

// The first answer to a puzzle says what it did to the player's puzzle
// rating; a second click on the same puzzle (a double click, or the answer
// tried again) says it is not rated, and the rating moved once.
func TestFirstAnswerIsRatedOnce(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	l := lang.For("en-US")
	p := b.byGame["aseb"][0]
	g, _ := games.Lookup(p.Game)
	want, _ := puzzles.Rate(glicko.New(), puzzles.StartRating(p.Difficulty), true)
	rated := l.T("puzzle.rated", "Game", g.Title(), "Before", kit.RatingShown(glicko.New()), "After", kit.RatingShown(want),
		"Delta", fmt.Sprintf("%+d", int(math.Round(want.Rating))-1500))
	first := click(t, kit.PuzzleCID(p.ID, 0), "en-US")
	handle(b, first)
	if got := last(t, rec).Msg.Content; !strings.HasSuffix(got, "\n\n"+rated) {
		t.Fatalf("first answer %q, want it to end with %q", got, rated)
	}
	for _, k := range []int{0, 1} {
		handle(b, click(t, kit.PuzzleCID(p.ID, k), "en-US"))
		if got := last(t, rec).Msg.Content; !strings.HasSuffix(got, "\n\n"+l.T("puzzle.unrated")) {
			t.Errorf("click %d again: %q, want it unrated", k, got)
		}
	}
	st, err := b.DB.PuzzlePlayer(context.Background(), kit.UserOf(first).ID, "aseb")
	if err != nil || st.Attempts != 1 || st.Solved != 1 || st.Rating != want {
		t.Errorf("the player's puzzle rating %+v, %v; want %v after one attempt", st, err, want)
	}
}

// shownID is the puzzle a question shows, read from its buttons.
func shownID(t *testing.T, m *kit.Message) string {
	t.Helper()
	var a kit.Action
	buttons := buttonsOf(m)
	if len(buttons) == 0 || !kit.PageShape.Parse(strings.Split(buttons[0].CustomID, "/")[1:], &a) {
		t.Fatalf("not a question: %+v", m)
	}
	return a.Arg
}

// /puzzle offers a new player (1500) puzzles near their rating: in Seega,
// whose starter set has five puzzles of difficulty 2 (1500) and the rest of
// difficulty 1 (1200), only the five. A puzzle solved is never offered
// again; with all of a game's solved, the player is told so.
func TestPuzzlePicksNearTheRatingAndNeverASolvedOne(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	ctx := context.Background()
	user := kit.UserOf(command(t, "seega", "en-US")).ID
	for range 12 {
		handle(b, command(t, "seega", "en-US"))
		if p := b.byID[shownID(t, last(t, rec).Msg)]; p.Difficulty != 2 {
			t.Fatalf("a new player was shown %s of difficulty %d", p.ID, p.Difficulty)
		}
	}
	list := b.byGame["seega"]
	for _, p := range list[1:] {
		if _, err := b.DB.AttemptPuzzle(ctx, store.PuzzleAttempt{User: user, Puzzle: p.ID, Kind: "seega", Move: p.Best, Solved: true, Start: puzzles.StartRating(p.Difficulty)}, puzzles.Rate); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		handle(b, command(t, "seega", "en-US"))
		if id := shownID(t, last(t, rec).Msg); id != list[0].ID {
			t.Fatalf("shown %s, solved already; want %s, the one left", id, list[0].ID)
		}
	}
	handle(b, click(t, kit.PuzzleCID(list[0].ID, 0), "en-US"))
	handle(b, command(t, "seega", "en-US"))
	if c := last(t, rec); !c.Msg.Ephemeral || c.Msg.Content != lang.For("en-US").T("puzzle.err.all_solved", "Game", "Seega") {
		t.Errorf("with every puzzle solved: %+v", c.Msg)
	}
}

// /puzzle solve with no game draws among the games whose puzzles the
// player has not all solved; with every one solved, it says so.
func TestPuzzleWithNoGameSkipsGamesSolved(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	ctx := context.Background()
	user := kit.UserOf(command(t, "", "en-US")).ID
	solveAll := func(game string) {
		for _, p := range b.byGame[game] {
			if _, err := b.DB.AttemptPuzzle(ctx, store.PuzzleAttempt{User: user, Puzzle: p.ID, Kind: game, Move: p.Best, Solved: true, Start: puzzles.StartRating(p.Difficulty)}, puzzles.Rate); err != nil {
				t.Fatal(err)
			}
		}
	}
	solveAll("seega")
	solveAll("tab")
	for range 6 {
		handle(b, command(t, "", "en-US"))
		if p := b.byID[shownID(t, last(t, rec).Msg)]; p.Game != "aseb" {
			t.Fatalf("shown %s, of a game all solved", p.ID)
		}
	}
	handle(b, command(t, "tab", "en-US"))
	if c := last(t, rec); c.Msg.Content != lang.For("en-US").T("puzzle.err.all_solved", "Game", "Tab") {
		t.Errorf("/puzzle solve tab, all solved: %q", c.Msg.Content)
	}
	solveAll("aseb")
	handle(b, command(t, "", "en-US"))
	if c := last(t, rec); c.Msg.Content != lang.For("en-US").T("puzzle.err.all_solved_every") {
		t.Errorf("with every puzzle solved: %q", c.Msg.Content)
	}
}

// Where the operator serves the web pages, an answer links to the puzzle's
// page, where anyone may try it; where the server turned the web off, it
// does not.
func TestAnswerLinksToThePuzzlesPage(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	b.PublicURL = "https://kilab.example"
	p := b.byGame["aseb"][0]
	link := func() string {
		t.Helper()
		i := click(t, kit.PuzzleCID(p.ID, 0), "en-US")
		handle(b, i)
		return kittest.LinkOf(last(t, rec).Msg)
	}
	if got := link(); got != "https://kilab.example/puzzle/"+p.ID {
		t.Errorf("the answer links to %q", got)
	}
	guild := click(t, kit.PuzzleCID(p.ID, 0), "en-US").GuildID
	if _, err := b.DB.SetWeb(context.Background(), guild, store.WebOff, "mod"); err != nil {
		t.Fatal(err)
	}
	if got := link(); got != "" {
		t.Errorf("with the web off the answer links to %q", got)
	}
}
