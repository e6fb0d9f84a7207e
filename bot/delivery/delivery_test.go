package delivery

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/store"
)

// Buttons are made through their shapes, which the router registers in the
// bot; here the test does.
func init() {
	kit.RegisterShape("g", kit.GameShape)
	kit.RegisterShape("r", kit.IDOnly)
}

// played commits turns of g as a player's clicks would, through the engine,
// until the move has passed to the other player once, announcing it.
func played(t *testing.T, db *store.DB, g store.Game, src games.Source) store.Game {
	t.Helper()
	after, err := play(db, g, src)
	if err != nil {
		t.Fatal(err)
	}
	return after
}

// play is played for a goroutine other than the test's.
func play(db *store.DB, g store.Game, src games.Source) (store.Game, error) {
	game, _ := games.Lookup(g.Kind)
	pos, err := game.Parse(g.Config, g.Position)
	if err != nil {
		return g, err
	}
	seat := pos.Due().Player
	var rec games.Recorder
	if pos.Due().Kind != games.DueMove { // else the throw is made already
		if pos, err = games.Roll(pos, seat, src, &rec); err != nil {
			return g, err
		}
	}
	for pos.Due().Player == seat && pos.Due().Kind == games.DueMove {
		m := pos.Moves()[0].Notation
		if pos, err = games.PlayAs(pos, seat, m); err != nil {
			return g, err
		}
		rec.Move(seat, m)
		if pos, err = games.Advance(pos, src, &rec); err != nil {
			return g, err
		}
	}
	if pos.Due().Player == seat {
		return g, errors.New("the player is still on move; pick another seed")
	}
	after, _, err := db.Commit(context.Background(), store.Commit{Game: g.ID, Version: g.Version, Plies: rec.Plies, Moved: true,
		Position: pos.String(), ToMove: pos.Due().Player, Announce: true})
	return after, err
}

// deliver delivers what is due.
func deliver(t *testing.T, d *Delivery) {
	t.Helper()
	if err := d.Deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// boardsIn are the boards sent to channel, oldest first: the messages with
// a picture.
func boardsIn(rec *kittest.Recorder, channel string) []kittest.Call {
	var out []kittest.Call
	for _, c := range rec.Calls {
		if c.Op == "send" && c.Channel == channel && len(c.Msg.Files) == 1 {
			out = append(out, c)
		}
	}
	return out
}

// checkRetired fails t unless the board sent was retired: its text (the
// embed's description, the footer's first line) kept, the line above
// changed, its picture, legend and controls gone (but for Rematch, when
// rematch).
func checkRetired(t *testing.T, rec *kittest.Recorder, sent kittest.Call, rematch bool) {
	t.Helper()
	h, _ := rec.Held(sent.ID)
	if h.Edits == 0 || len(h.Msg.Files) != 0 || len(h.Msg.Embeds) != len(sent.Msg.Embeds) || h.Msg.ComponentsOnly {
		t.Fatalf("board %s in %s: %d edits, %d files, %d embeds (sent %d): want its picture gone and its embed kept",
			sent.ID, sent.Channel, h.Edits, len(h.Msg.Files), len(h.Msg.Embeds), len(sent.Msg.Embeds))
	}
	for i, e := range h.Msg.Embeds {
		was := sent.Msg.Embeds[i]
		footer, _, _ := strings.Cut(was.Footer.Text, "\n")
		if e.Image != nil || e.Description != was.Description || e.Description == "" || e.Footer == nil || e.Footer.Text != footer {
			t.Errorf("board %s's embed: image %v, footer %v, description %q (sent %q, footer %q)", sent.ID, e.Image, e.Footer, e.Description, was.Description, was.Footer.Text)
		}
	}
	ids := customIDs(h.Msg)
	if rematch && (len(ids) != 1 || !strings.HasPrefix(ids[0], "r")) || !rematch && len(ids) != 0 {
		t.Errorf("board %s keeps controls %v", sent.ID, ids)
	}
	if h.Msg.Content == sent.Msg.Content {
		t.Errorf("board %s still says %q", sent.ID, h.Msg.Content)
	}
}

// checkLive fails t unless the board sent is as it was sent: its picture
// and controls.
func checkLive(t *testing.T, rec *kittest.Recorder, sent kittest.Call) {
	t.Helper()
	h, _ := rec.Held(sent.ID)
	if len(h.Msg.Files) != 1 || len(customIDs(h.Msg)) == 0 || h.Msg.Embeds[0].Image == nil {
		t.Errorf("the live board %s in %s: %d files, controls %v", sent.ID, sent.Channel, len(h.Msg.Files), customIDs(h.Msg))
	}
}

func customIDs(m kit.Message) []string {
	var ids []string
	for _, row := range m.Components {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch b := c.(type) {
			case discordgo.Button:
				ids = append(ids, b.CustomID)
			case discordgo.SelectMenu:
				ids = append(ids, b.CustomID)
			}
		}
	}
	return ids
}

// A thread reads as a list of moves with one live board at the bottom: each
// move retires the boards before it, in the thread and in DMs, which keep
// their text but lose their picture and controls. The end's board keeps its
// picture with Rematch, and the finished game's thread is archived, once,
// after everything the game posted there.
func TestThreadKeepsOneLiveBoard(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	g = played(t, db, g, core.Src)
	thread := kit.ThreadOf(g)
	deliver(t, d)
	g = played(t, db, g, core.Src)
	deliver(t, d)
	boards := boardsIn(rec, thread)
	toBo, toAna := boardsIn(rec, "dm-"+kittest.Bo), boardsIn(rec, "dm-"+kittest.Ana)
	if len(boards) != 2 || len(toBo) != 1 || len(toAna) != 1 {
		t.Fatalf("%d boards in the thread, %d DMs to Bo and %d to Ana: want 2, 1, 1", len(boards), len(toBo), len(toAna))
	}
	checkRetired(t, rec, boards[0], false)
	checkRetired(t, rec, toBo[0], false)
	checkLive(t, rec, boards[1])
	checkLive(t, rec, toAna[0])
	if _, ok := rec.First("archive"); ok {
		t.Fatal("a game in play had its thread archived")
	}

	if _, _, err := db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version,
		End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	deliver(t, d)
	boards = boardsIn(rec, thread)
	if len(boards) != 3 {
		t.Fatalf("%d boards in the thread after the end, want 3", len(boards))
	}
	checkRetired(t, rec, boards[1], true)
	checkRetired(t, rec, toAna[0], true)
	final, _ := rec.Held(boards[2].ID)
	if len(final.Msg.Files) != 1 || final.Edits != 0 || len(customIDs(final.Msg)) != 1 {
		t.Errorf("the final board: %d files, %d edits, controls %v: want its picture and Rematch", len(final.Msg.Files), final.Edits, customIDs(final.Msg))
	}
	var archived, last int
	for k, c := range rec.Calls {
		switch {
		case c.Op == "archive" && c.Channel == thread:
			archived++
			last = max(last, k)
		case c.Op == "archive":
			t.Errorf("archived %s, not the game's thread %s", c.Channel, thread)
		case (c.Op == "send" || c.Op == "edit") && c.Channel == thread && archived > 0:
			t.Errorf("%s in the thread after it was archived (it would come back)", c.Op)
		}
	}
	if archived != 1 {
		t.Errorf("the finished game's thread archived %d times, want once: %v", archived, rec.Ops())
	}
	deliver(t, d)
	if n := len(rec.Calls); n != last+1 {
		t.Errorf("delivering again made %d more calls", n-last-1)
	}
}

// A move's announcements go out once each: the board in the game's thread
// and the turn's DM to the next player, counted as sent; delivering again
// sends nothing more; a kind another feature writes goes to its deliverer.
func TestDeliverOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	src := core.Src
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	var mu sync.Mutex
	outcomes := map[string]int{}
	var theirs []store.Announcement
	d := New(core, Config{Instance: "test", Kinds: map[string]func(context.Context, store.Announcement) error{
		store.AnnounceVacation: func(_ context.Context, a store.Announcement) error {
			mu.Lock()
			defer mu.Unlock()
			theirs = append(theirs, a)
			return nil
		},
	}, OnOutcome: func(kind, outcome string) {
		mu.Lock()
		defer mu.Unlock()
		outcomes[kind+" "+outcome]++
	}})
	if err := d.Deliver(ctx); err != nil { // the game's start
		t.Fatal(err)
	}
	rec.Calls = nil
	g = played(t, db, g, src)
	if err := d.Deliver(ctx); err != nil {
		t.Fatal(err)
	}
	var boards, dms int
	for _, c := range rec.Calls {
		switch {
		case c.Op == "send" && c.Channel == kit.ThreadOf(g) && len(c.Msg.Files) == 1:
			boards++
		case c.Op == "send" && strings.HasPrefix(c.Channel, "dm-"+g.Players[g.ToMove]):
			dms++
		}
	}
	if boards != 1 || dms != 1 {
		t.Fatalf("%d boards in the thread and %d DMs, want 1 and 1: %v", boards, dms, rec.Ops())
	}
	if outcomes[store.AnnounceBoard+" sent"] != 1 || outcomes[store.AnnounceTurnDM+" sent"] != 1 {
		t.Errorf("outcomes %v", outcomes)
	}
	n := len(rec.Calls)
	if err := d.Deliver(ctx); err != nil || len(rec.Calls) != n {
		t.Errorf("delivering again sent %d more (%v)", len(rec.Calls)-n, err)
	}
	// The player on move goes on vacation: the store announces it in the
	// game's thread, a kind the vacations deliver.
	if _, err := db.StartVacation(ctx, g.Players[g.ToMove], 3); err != nil {
		t.Fatal(err)
	}
	if err := d.Deliver(ctx); err != nil {
		t.Fatal(err)
	}
	if len(theirs) != 1 || theirs[0].Game != g.ID || outcomes[store.AnnounceVacation+" sent"] != 1 {
		t.Errorf("the vacation's notice went to its deliverer %d times (%v), outcomes %v", len(theirs), theirs, outcomes)
	}
}

// end ends g in a draw by agreement, announcing it.
func end(t *testing.T, db *store.DB, g store.Game) store.Game {
	t.Helper()
	after, _, err := db.Commit(context.Background(), store.Commit{Game: g.ID, Version: g.Version,
		End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}, Announce: true})
	if err != nil {
		t.Fatal(err)
	}
	return after
}

// A thread the bot may not archive is logged and left open: the game's
// end is delivered all the same and the archive is not tried again. One
// Discord refuses for now is tried again, and a game without a thread of its
// own (where threads are denied) leaves its channel alone.
func TestArchiveRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		name      string
		refusal   error
		retried   bool
		noThreads bool
	}{
		{"no permission", kittest.DiscordError(403, kit.CodeMissingPermission), false, false},
		{"gone", kittest.DiscordError(404, kit.CodeUnknownChannel), false, false},
		{"discord down", kittest.DiscordError(502, 0), true, false},
		{"no thread", nil, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			core, rec, db := kittest.Core(t, 5)
			g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
			if c.noThreads {
				if err := db.SetThread(ctx, g.ID, ""); err != nil {
					t.Fatal(err)
				}
			}
			archives := 0
			rec.Before = func(call kittest.Call) error {
				switch call.Op {
				case "archive":
					archives++
					return c.refusal
				case "thread":
					return kittest.DiscordError(403, kit.CodeMissingPermission)
				}
				return nil
			}
			d := New(core, Config{Instance: "test"})
			deliver(t, d)
			end(t, db, played(t, db, g, core.Src))
			deliver(t, d)
			deliver(t, d)
			as, outcomes, err := db.Announcements(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			last, outcome := as[len(as)-1], outcomes[len(outcomes)-1]
			switch {
			case last.Kind != store.AnnounceRetire:
				t.Fatalf("the last announcement is %s", last.Kind)
			case c.noThreads && archives != 0:
				t.Errorf("a game in its channel archived something %d times", archives)
			case c.noThreads:
			case archives != 1:
				t.Errorf("archived %d times, want 1: %v %v", archives, rec.Ops(), outcomes)
			case c.retried && (outcome != "" || last.Attempts != 1):
				t.Errorf("the end's retirement: outcome %q after %d attempts, want a retry", outcome, last.Attempts)
			case !c.retried && outcome != "sent":
				t.Errorf("the end's retirement: outcome %q, want sent", outcome)
			}
		})
	}
}

// A turn's DM the player has already answered from the thread, before the
// delivery read the game again to draw it, is not sent: the board as it
// stands now is not their turn's, and nothing would retire it until the next
// move. The delivery had read the game before the move (g below).
func TestTurnDMAfterTheMoveNotSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	g = played(t, db, g, core.Src) // Bo's turn: a board and Bo's DM announced
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var dm store.Announcement
	for _, a := range as {
		if a.Kind == store.AnnounceTurnDM && a.Version == g.Version {
			dm = a
		}
	}
	played(t, db, g, core.Src) // Bo moves from the thread meanwhile
	err = d.deliverBoard(ctx, dm, g)
	var skip kit.Skip
	if !errors.As(err, &skip) {
		t.Errorf("the DM of a turn already played: %v, want it skipped", err)
	}
	deliver(t, d)
	for _, c := range boardsIn(rec, "dm-"+kittest.Bo) {
		if h, _ := rec.Held(c.ID); len(customIDs(h.Msg)) > 0 {
			t.Errorf("Bo's DM %s shows controls %v after Bo moved", c.ID, customIDs(h.Msg))
		}
	}
	live, err := db.LiveBoards(ctx, g.ID, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range live {
		if m.Channel == "dm-"+kittest.Bo {
			t.Errorf("Bo's DM %s is recorded live at version %d", m.Message, m.Version)
		}
	}
}

// A turn's DM the player answers from the thread while it is on its way is
// retired as soon as it is sent, before the next board goes out, rather than
// staying live until the move after.
func TestTurnDMRetiredWhenTheMoveCameWhileSending(t *testing.T) {
	t.Parallel()
	core, rec, db := kittest.Core(t, 5)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	deliver(t, d)
	g = played(t, db, g, core.Src)
	var moved error
	once := sync.Once{}
	rec.Before = func(c kittest.Call) error {
		if c.Op == "send" && c.Channel == "dm-"+kittest.Bo {
			once.Do(func() { _, moved = play(db, g, core.Src) })
		}
		return nil
	}
	deliver(t, d)
	if moved != nil {
		t.Fatal(moved)
	}
	dms := boardsIn(rec, "dm-"+kittest.Bo)
	if len(dms) != 1 {
		t.Fatalf("%d DMs to Bo, want 1", len(dms))
	}
	checkRetired(t, rec, dms[0], false)
	sent, retired, next := -1, -1, -1
	for k, c := range rec.Calls {
		switch {
		case c.ID == dms[0].ID:
			sent = k
		case c.Op == "edit" && c.Message == dms[0].ID && retired < 0:
			retired = k
		case c.Op == "send" && c.Channel == kit.ThreadOf(g) && sent >= 0 && next < 0:
			next = k
		}
	}
	if retired < 0 || next < 0 || retired > next {
		t.Errorf("Bo's DM (call %d) retired at call %d, the next board in the thread at %d: want the DM retired first: %v",
			sent, retired, next, rec.Ops())
	}
}

// A player going on vacation, and coming back, has the live boards of their
// games drawn again in place, the thread's and their DM copy, with the same
// controls and the new due time and mark, pinging nobody; the vacation's own
// notice still goes to its deliverer. Retired boards stay as they are.
func TestVacationRedrawsLiveBoards(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	var notices int
	d := New(core, Config{Instance: "test", Kinds: map[string]func(context.Context, store.Announcement) error{
		store.AnnounceVacation: func(context.Context, store.Announcement) error { notices++; return nil },
	}})
	deliver(t, d)
	g = played(t, db, g, core.Src) // Bo's turn
	deliver(t, d)
	board, dm := boardsIn(rec, kit.ThreadOf(g))[0], boardsIn(rec, "dm-"+kittest.Bo)[0]
	due := func(g store.Game) string { return fmt.Sprintf("<t:%d:", g.Deadline.Unix()) }
	check := func(when string, edits int, g store.Game, away bool) {
		t.Helper()
		for _, sent := range []kittest.Call{board, dm} {
			h, _ := rec.Held(sent.ID)
			if h.Edits != edits || len(h.Msg.Files) != 1 || !slices.Equal(customIDs(h.Msg), customIDs(*sent.Msg)) {
				t.Fatalf("%s: board %s in %s: %d edits, %d files, controls %v (sent %v)", when, sent.ID, sent.Channel,
					h.Edits, len(h.Msg.Files), customIDs(h.Msg), customIDs(*sent.Msg))
			}
			if sent.ID == dm.ID && h.Msg.Content != sent.Msg.Content {
				t.Errorf("%s: the DM copy says %q, was %q: want the turn's text", when, h.Msg.Content, sent.Msg.Content)
			}
			text := h.Msg.Content + "\n" + h.Msg.Embeds[0].Description
			if !strings.Contains(text, due(g)) || strings.Contains(text, "on vacation") != away {
				t.Errorf("%s: board %s says %q: want due %s, on vacation %v", when, sent.ID, text, due(g), away)
			}
		}
		for _, c := range rec.Calls {
			if c.Op == "edit" && len(c.Msg.Mentions) > 0 {
				t.Errorf("%s: an edit may ping %v", when, c.Msg.Mentions)
			}
		}
	}
	check("before", 0, g, false)
	if _, err := db.StartVacation(ctx, kittest.Bo, 3); err != nil {
		t.Fatal(err)
	}
	deliver(t, d)
	away, _ := db.Game(ctx, g.ID)
	if away.Deadline.Equal(g.Deadline) {
		t.Fatal("the vacation did not move Bo's deadline")
	}
	check("away", 1, away, true)
	if _, err := db.EndVacation(ctx, kittest.Bo); err != nil {
		t.Fatal(err)
	}
	deliver(t, d)
	back, _ := db.Game(ctx, g.ID)
	check("back", 2, back, false)
	if notices != 2 {
		t.Errorf("%d vacation notices went to their deliverer, want 2", notices)
	}
}

// An old board is retired in the language it was written in, though the
// server's language changed since: its text and the line that retires it
// read alike. The next board speaks the new language.
func TestRetiredInItsLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 5)
	speaks := func(locale discordgo.Locale) {
		core.NoteLocale(ctx, &discordgo.Interaction{GuildID: kittest.Guild, GuildLocale: &locale})
	}
	speaks("de")
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	d := New(core, Config{Instance: "test"})
	g = played(t, db, g, core.Src)
	deliver(t, d)
	speaks("ru")
	g = played(t, db, g, core.Src)
	deliver(t, d)
	boards := boardsIn(rec, kit.ThreadOf(g))
	if len(boards) != 2 {
		t.Fatalf("%d boards in the thread, want 2", len(boards))
	}
	checkRetired(t, rec, boards[0], false)
	old, _ := rec.Held(boards[0].ID)
	if want := fmt.Sprintf("Partie #%d ist seit diesem Brett weitergegangen", g.ID); !strings.Contains(old.Msg.Content, want) {
		t.Errorf("the German board retired as %q, want %q", old.Msg.Content, want)
	}
	if next := boards[1].Msg.Embeds[0].Description; !strings.Contains(next, "**Ход**") {
		t.Errorf("the board after the change: %q", next)
	}
}
