package info

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	_ "kilab/ai/tabai" // the judge and examiner of Tab
	"kilab/bot/kit/kittest"
	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/render"
	"kilab/store"
)

// finishedTab stores a Tab game between Ana and Bo with a random record,
// ended by a resignation.
func finishedTab(t *testing.T, db *store.DB) (store.Game, []games.Ply) {
	t.Helper()
	sg := kittest.StoreGame(t, db, "tab", kittest.Ana, kittest.Bo, false, store.Unfinished, "")
	g, _ := games.Lookup("tab")
	start, _ := g.New(sg.Config)
	plies, err := render.RandomRecord(start, games.Seeded(11), 30)
	if err != nil {
		t.Fatal(err)
	}
	end, err := games.Replay(start, plies, nil)
	if err != nil {
		t.Fatal(err)
	}
	sg, _, err = db.Commit(context.Background(), store.Commit{Game: sg.ID, Version: sg.Version, Plies: plies,
		Position: end.String(), ToMove: end.Due().Player, End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}})
	if err != nil {
		t.Fatal(err)
	}
	return sg, plies
}

// review is /review of game 1 by user.
func review(t *testing.T, user string) *discordgo.Interaction {
	t.Helper()
	i := payload(t, "history_game.json")
	data := i.ApplicationCommandData()
	data.Name = "review"
	i.Data = data
	i.Member.User.ID = user
	return i
}

// A review by a player of the game makes their costliest moves their own
// puzzles, from the position of each mistake, and says so; a review by
// anyone else makes none.
func TestReviewKeepsTheReviewersMistakes(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	ctx := context.Background()
	sg, plies := finishedTab(t, db)
	handle(b, review(t, "1000000000000000077")) // not a player
	if c, ok := rec.First("original"); !ok || len(c.Msg.Embeds) != 1 || c.Msg.Embeds[0].Footer != nil {
		t.Fatalf("a review by a watcher: %+v", c.Msg)
	}
	if _, _, ok, _ := db.NextOwnPuzzle(ctx, "1000000000000000077"); ok {
		t.Fatal("a watcher was given puzzles")
	}

	handle(b, review(t, kittest.Ana))
	c := rec.Calls[len(rec.Calls)-1]
	want := lang.For("en-US").T("info.review.mine", "Name", b.LookupName(lang.For("en-US"), kittest.Ana))
	if c.Op != "original" || c.Msg.Embeds[0].Footer == nil || c.Msg.Embeds[0].Footer.Text != want {
		t.Fatalf("Ana's review: %+v", c)
	}
	g, _ := games.Lookup("tab")
	start, _ := g.New(sg.Config)
	j, _ := ai.Env{}.Judge("tab", sg.Config)
	r, err := ai.ReviewGame(ctx, j, start, plies)
	if err != nil {
		t.Fatal(err)
	}
	worst := r.Costliest(games.First, 3)
	if len(worst) == 0 {
		t.Fatal("Ana made no costly move: no test")
	}
	byPly := map[int]ai.PlyReview{}
	for _, p := range worst {
		byPly[p.N] = p
	}
	for n := range worst {
		o, open, ok, err := db.NextOwnPuzzle(ctx, kittest.Ana)
		if err != nil || !ok || open != len(worst)-n {
			t.Fatalf("puzzle %d: %+v, %d open, %v, %v", n, o, open, ok, err)
		}
		var p puzzles.Puzzle
		if err := json.Unmarshal([]byte(o.Puzzle), &p); err != nil {
			t.Fatal(err)
		}
		pr, mine := byPly[o.Ply]
		if !mine || p.Best != pr.Best || o.Game != sg.ID || !strings.HasPrefix(p.ID, "tab-") {
			t.Errorf("own puzzle of ply %d: %+v, best %s; Ana's costliest: %+v", o.Ply, o, p.Best, worst)
		}
		if _, err := db.SolveOwnPuzzle(ctx, kittest.Ana, o.ID); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, ok, _ := db.NextOwnPuzzle(ctx, kittest.Bo); ok {
		t.Error("Bo, who did not ask for the review, was given puzzles")
	}
}

// Where the operator serves the web pages, /history links to the game's
// page at its start, and /review to its page; where the server turned the
// web off, neither links.
func TestHistoryAndReviewLinkToThePage(t *testing.T) {
	t.Parallel()
	b, rec, db := unit(t)
	b.PublicURL = "https://kilab.example"
	g, _ := finishedTab(t, db)
	links := func(i *discordgo.Interaction) []string {
		t.Helper()
		rec.Calls = nil
		handle(b, i)
		var out []string
		for _, c := range rec.Calls {
			if link := kittest.LinkOf(c.Msg); link != "" {
				out = append(out, link)
			}
		}
		return out
	}
	history := payload(t, "history_game.json")
	page := "https://kilab.example/g/" + g.WebToken
	if got := links(history); len(got) != 1 || got[0] != page+"#0" {
		t.Errorf("/history links to %v, want %s#0", got, page)
	}
	if got := links(review(t, kittest.Ana)); len(got) != 1 || got[0] != page {
		t.Errorf("/review links to %v, want %s", got, page)
	}
	if _, err := db.SetWeb(context.Background(), g.GuildID, store.WebOff, "mod"); err != nil {
		t.Fatal(err)
	}
	if got := links(history); len(got) != 0 {
		t.Errorf("/history with the web off links to %v", got)
	}
}
