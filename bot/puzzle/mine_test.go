package puzzle

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/lang"
	"kilab/store"
)

// /puzzle mine shows the player's oldest own puzzle not yet solved, for
// them alone; a wrong answer leaves it to try again, the best move solves
// it, unrated; with none left the player is told how to get some. Another
// player's click on it finds no puzzle.
func TestMine(t *testing.T) {
	t.Parallel()
	b, rec, _ := unit(t)
	ctx := context.Background()
	l := lang.For("en-US")
	handle(b, subcommand(t, "mine", nil, "en-US"))
	if c := last(t, rec); !c.Msg.Ephemeral || c.Msg.Content != l.T("puzzle.err.no_own") {
		t.Fatalf("with no puzzles of one's own: %+v", c.Msg)
	}
	// Ana's own puzzle: a position of the set's under an id of its own, as
	// the review writes one.
	user := kit.UserOf(command(t, "", "en-US")).ID
	p := b.byGame["seega"][0]
	p.ID = "seega-own000000001"
	data, _ := json.Marshal(p)
	sg := kittest.StoreGame(t, b.DB, "seega", user, kittest.Bo, false, store.FirstWins, store.ReasonResignation)
	if _, err := b.DB.AddOwnPuzzles(ctx, []store.OwnPuzzle{{User: user, ID: p.ID, Kind: "seega", Game: sg.ID, Ply: 9, Cost: 0.25, Puzzle: string(data)}}); err != nil {
		t.Fatal(err)
	}
	handle(b, subcommand(t, "mine", nil, "en-US"))
	c := last(t, rec)
	if !c.Msg.Ephemeral || shownID(t, c.Msg) != p.ID || !strings.HasPrefix(c.Msg.Content, l.T("puzzle.mine.heading", "Game", sg.ID, "Ply", 9, "Points", "25.0")) ||
		!strings.HasSuffix(c.Msg.Content, l.N("puzzle.mine.left", 1)) {
		t.Fatalf("/puzzle mine: %+v", c.Msg)
	}
	other := click(t, kit.PuzzleCID(p.ID, 0), "en-US")
	other.Member.User.ID = kittest.Bo
	handle(b, other)
	if got := last(t, rec).Msg.Content; !strings.Contains(got, "no longer offered") {
		t.Errorf("Bo clicked Ana's puzzle: %q", got)
	}
	handle(b, click(t, kit.PuzzleCID(p.ID, 1), "en-US"))
	if c := last(t, rec); c.Typ != discordgo.InteractionResponseUpdateMessage || !strings.HasSuffix(c.Msg.Content, "\n\n"+l.T("puzzle.mine.again")) {
		t.Fatalf("a wrong answer: %v %q", c.Typ, c.Msg.Content)
	}
	if _, open, ok, _ := b.DB.NextOwnPuzzle(ctx, user); !ok || open != 1 {
		t.Fatal("a wrong answer solved the puzzle")
	}
	handle(b, click(t, kit.PuzzleCID(p.ID, 0), "en-US"))
	if c := last(t, rec); !strings.HasPrefix(c.Msg.Content, "Right:") || !strings.HasSuffix(c.Msg.Content, "\n\n"+l.T("puzzle.mine.solved")) {
		t.Fatalf("the best move: %q", c.Msg.Content)
	}
	handle(b, subcommand(t, "mine", nil, "en-US"))
	if c := last(t, rec); c.Msg.Content != l.T("puzzle.err.no_own") {
		t.Errorf("with the only one solved: %+v", c.Msg)
	}
	if st, _ := b.DB.PuzzlePlayer(ctx, user, "seega"); st.Attempts != 0 {
		t.Errorf("an own puzzle was rated: %+v", st)
	}
}
