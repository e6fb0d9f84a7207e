package kit_test

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// The records were played by render.RandomRecord and end where each test
// needs them.
const (
	// Light captures C2 with D3-D2, then D4 with D2-D3, and stops.
	seegaChain = "A3+D5 B3+A4 A2+D2 C1+E4 B2+D3 E2+B5 E3+C5 A1+E1 C2+E5 B1+D4 D1+B4 C4+A5 C4-C3 C3-C2 stop D3-D2 D2-D3 stop"
	// Dark places its last pieces and is shut in: the server passes for it.
	seegaShutIn = "D2+D5 B4+A5 B1+A2 E1+E2 D1+C4 B2+B5 D3+E5 A1+A4 C2+B3 E3+C5 D4+E4 C1+A3 pass"
	// Black's turn 1,1,2: b1 to a2 capturing, then d6-d5 and d7-d6.
	tabTurn = "4,1,1,3:1a7-b7 1a6-a7 3a7-b5 1,2:1d1-c1 2c1-c3 2:2b5-b3 2:2c3-c5 2:2b7-b5 2:2c5-c7 3:3b5-b2 1,2:2c7-b6 1d2-d1 1,2:2b2-c1 1a5-a6 3:3d1-c3 3:3c1-c4 3:3c3-c6 1,1,2:2b3-b1 1a4-a5 1a3-a4 1,3:1d3-d2 3d2-c2 2:2b1-c2 3:3b6-b3 2:2a4-a6 1,1,2:2b3-b1 1d4-d3 1d5-d4 3:3c4-c7 2:2c6-b7 3:3a6-b6 3:3b7-b4 4,2:2c2-c4 4c4-b7 1,1,2:2b1-a2 1d6-d5 1d7-d6"
	// Black's turn 4,4,3: two moves, a capture, and nothing left to move.
	tabPass = "3,3,3,1,2:1a7-b7 2b7-b5 2:pass 2:2b5-b3 4,1,2:1d1-c1 2c1-c3 4c3-c7 2:2b3-b1 4,4,3:4c7-b4 4b4-a1 pass"
	// The cones enter on the house 4, throw again (A11) and enter on 1.
	asebHouse = "4:in-4 1:in-1"
)

// The Rematch button's shape, as the router registers it.
func init() { kit.RegisterShape("r", kit.IDOnly) }

var gameIDs atomic.Int64 // each state its own game, so each its own picture

// loaded is a game of kind with opts after record, as kit.Core.LoadLatest
// makes it, between two people.
func loaded(t *testing.T, kind string, opts map[string]string, record string) *kit.State {
	t.Helper()
	g, err := games.Lookup(kind)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := games.Normalize(g, games.Config{Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	plies, err := games.ParseRecord(record)
	if err != nil {
		t.Fatal(err)
	}
	pos, last, err := render.FromRecordSince(start, plies)
	if err != nil {
		t.Fatal(err)
	}
	sg := store.Game{ID: gameIDs.Add(1), Version: int64(len(plies) + 1), Kind: kind, Config: cfg,
		GuildID: kittest.Guild, ThreadID: "1600", Players: [2]string{kittest.Ana, kittest.Bo}, ToMove: pos.Due().Player}
	if end := kit.EndOf(pos); end != nil {
		sg.Result, sg.Reason = end.Result, end.Reason
	}
	return &kit.State{G: sg, Game: g, Pos: pos, Plies: plies, Last: last}
}

// board is s's thread board in l, held to Discord's limits.
func board(t *testing.T, b *kit.Core, l *lang.Lang, s *kit.State) *kit.Message {
	t.Helper()
	m, err := b.Board(l, s, kit.BoardOpts{Mention: true}) // no buttons: their custom_id shapes are the router's
	if err != nil {
		t.Fatal(err)
	}
	kittest.CheckEmbed(t, m.Embeds[0])
	if n := len([]rune(m.Content)); n > 2000 {
		t.Errorf("content is %d long", n)
	}
	if n := len(m.Files[0].Description); n > render.MaxDescription {
		t.Errorf("alt text is %d bytes", n)
	}
	return m
}

// The thread board tells the player on move everything since their last
// move, a line per ply, in notation and in words with what it captured.
func TestBoardTellsTheWholeTurn(t *testing.T) {
	t.Parallel()
	b, _, _ := kittest.Core(t, 1)
	shutIn := func() string { // light opens a way for dark after dark's pass
		s := loaded(t, "seega", nil, seegaShutIn)
		return seegaShutIn + " " + s.Pos.Moves()[0].Notation
	}()
	opened := shutIn[strings.LastIndexByte(shutIn, ' ')+1:]
	for _, c := range []struct {
		name, kind, width, record string
		want                      string
	}{
		{"a Seega capture chain ending in stop", "seega", "", seegaChain, "**Since your last move**:\n" +
			"- light played D3-D2 (D3 → D2, captures C2)\n" +
			"- light played D2-D3 (D2 → D3, captures D4)\n" +
			"- light played stop (stop capturing)\n"},
		{"a Tab turn, its throws and its capture", "tab", "7", tabTurn, "**Since your last move**:\n" +
			"- black threw 1, 1, 2 and played 2b1-a2 (2: b1 → a2, captures, into row 4)\n" +
			"- black played 1d6-d5 (1: d6 → d5), the only move possible\n" +
			"- black played 1d7-d6 (1: d7 → d6), the only move possible\n"},
		{"a Tab turn ending in the pass the rules play", "tab", "7", tabPass, "**Since your last move**:\n" +
			"- black threw 4, 4, 3 and played 4c7-b4 (4: c7 → b4)\n" +
			"- black played 4b4-a1 (4: b4 → a1, captures, into row 4)\n" +
			"- black could not move and passed\n"},
		{"an Aseb house and the move its new throw gave", "aseb", "", asebHouse, "**Since your last move**:\n" +
			"- cones threw 4 and played in-4 (enter on 4, throw again), the only move possible\n" +
			"- cones threw 1 and played in-1 (enter on 1)\n"},
		{"a pass the rules played for the opponent", "seega", "", seegaShutIn, "**Since your last move**:\n" +
			"- dark played C1+A3 (place C1 and A3), the only move possible\n" +
			"- dark could not move and passed\n"},
		{"the reader's own pass and the move that freed them", "seega", "", shutIn, "**Since your last move**:\n" +
			"- dark could not move and passed\n" +
			"- light played " + opened},
		{"one ply: the reader threw again after a house", "aseb", "", "4:in-4", "**Turn**: <@" + kittest.Ana + "> (cones) to throw\n" +
			"**Last**: cones threw 4 and played in-4 (enter on 4, throw again), the only move possible\n"},
		{"the reader's own turn going on", "tab", "7", "4,1,1,3:1a7-b7 1a6-a7", "**This turn so far**:\n" +
			"- white threw 4, 1, 1, 3 and played 1a7-b7 (1: a7 → b7), the only move possible\n" +
			"- white played 1a6-a7 (1: a6 → a7)\n"},
	} {
		var opts map[string]string
		if c.width != "" {
			opts = map[string]string{"width": c.width}
		}
		m := board(t, b, lang.En, loaded(t, c.kind, opts, c.record))
		if d := m.Embeds[0].Description; !strings.Contains(d, c.want) {
			t.Errorf("%s: the board says\n%s\nwant\n%s", c.name, d, c.want)
		}
	}
}

// A finished game's board shows the turn that ended it, in every language.
func TestBoardOfAFinishedGameTellsTheLastTurn(t *testing.T) {
	t.Parallel()
	b, _, _ := kittest.Core(t, 1)
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		s := loaded(t, "tab", map[string]string{"width": "7"}, tabTurn)
		s.G.Result, s.G.Reason = store.Win(games.Second), store.ReasonResignation
		d := board(t, b, l, s).Embeds[0].Description
		if !strings.Contains(d, l.T("play.since.last_turn")+"\n- ") || strings.Contains(d, l.T("play.since.heading")) {
			t.Errorf("%v: a finished game's board says\n%s", tag, d)
		}
		for _, move := range []string{"2b1-a2", "1d6-d5", "1d7-d6"} {
			if !strings.Contains(d, move) {
				t.Errorf("%v: the last turn lacks %s:\n%s", tag, move, d)
			}
		}
	}
}

// A span far longer than a board holds keeps its latest plies whole, says
// how many earlier ones it leaves out, and stays within Discord's limits in
// every language, in the thread and in the turn DM.
func TestBoardOfAVeryLongTurnFits(t *testing.T) {
	t.Parallel()
	b, _, _ := kittest.Core(t, 1)
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		s := loaded(t, "seega", nil, seegaChain)
		chain := s.Last.Span
		for len(s.Last.Span) < 600 {
			s.Last.Span = append(s.Last.Span, chain[:2]...)
		}
		s.Last.Span = append(s.Last.Span, chain[2])
		m := board(t, b, l, s)
		d := m.Embeds[0].Description
		lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
		head := slicesIndex(lines, l.T("play.since.heading"))
		if head < 0 || head+2 >= len(lines) {
			t.Fatalf("%v: no span in\n%s", tag, d)
		}
		left := len(s.Last.Span) - (len(lines) - head - 2)
		if lines[head+1] != l.N("play.since.earlier", left) {
			t.Errorf("%v: %q after the heading, want the %d earlier plies counted", tag, lines[head+1], left)
		}
		for _, line := range lines[head+2:] {
			if !strings.HasPrefix(line, "- ") || strings.HasSuffix(line, "…") {
				t.Errorf("%v: a ply cut short: %q", tag, line)
			}
		}
		if last := lines[len(lines)-1]; !strings.Contains(last, "stop") {
			t.Errorf("%v: the span does not end with its last ply: %q", tag, last)
		}
		dm := kit.DMCopy(m, kit.TurnDMText(l, s))
		kittest.CheckEmbed(t, dm.Embeds[0])
		if n := len([]rune(dm.Content)); n > 2000 {
			t.Errorf("%v: the turn DM's text is %d long", tag, n)
		}
	}
}

func slicesIndex(lines []string, s string) int {
	for i, line := range lines {
		if line == s {
			return i
		}
	}
	return -1
}

// A board drawn Textual reads as the retirement leaves an old one: the text
// without picture or legend, the note and then the line that says the game
// has moved on (its result once it is over), and no controls but a
// finished game's Rematch, whatever Controls and Mention ask.
func TestTextualBoardReadsRetired(t *testing.T) {
	t.Parallel()
	b, _, _ := kittest.Core(t, 1)
	l := lang.Of(lang.English)
	for _, over := range []bool{false, true} {
		s := loaded(t, "tab", map[string]string{"width": "7"}, tabTurn)
		if over {
			s.G.Result, s.G.Reason = store.Win(games.Second), store.ReasonResignation
		}
		m, err := b.Board(l, s, kit.BoardOpts{Textual: true, Controls: true, Mention: true, Note: "a note"})
		if err != nil {
			t.Fatal(err)
		}
		e := m.Embeds[0]
		want := kit.RetiredText(l, s.G, "board")
		if len(m.Files) != 0 || e.Image != nil || strings.Contains(e.Footer.Text, "\n") || e.Description == "" {
			t.Errorf("over %v: %d files, image %v, footer %q", over, len(m.Files), e.Image, e.Footer.Text)
		}
		if m.Content != "a note\n"+want || len(m.Mentions) != 0 || !strings.HasPrefix(want, "Game #") {
			t.Errorf("over %v: content %q, mentions %v", over, m.Content, m.Mentions)
		}
		if ids := customIDs(m); over != (len(ids) == 1 && strings.HasPrefix(ids[0], "r/")) || !over && len(ids) != 0 {
			t.Errorf("over %v: controls %v", over, ids)
		}
	}
}

// customIDs are the custom ids of m's buttons and menus, row by row.
func customIDs(m *kit.Message) []string {
	var ids []string
	for _, c := range m.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, x := range row.Components {
			switch x := x.(type) {
			case discordgo.Button:
				ids = append(ids, x.CustomID)
			case discordgo.SelectMenu:
				ids = append(ids, x.CustomID)
			}
		}
	}
	return ids
}
