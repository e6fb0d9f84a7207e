package play

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	_ "kilab/games/aseb"
	"kilab/store"
)

// boardAsked is /board game as user asks it in the payloads' server.
func boardAsked(user string, game int64) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, GuildID: kittest.Guild, ChannelID: kittest.Channel,
		Member: &discordgo.Member{User: &discordgo.User{ID: user}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "board", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: kit.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: strconv.FormatInt(game, 10)}}}}
}

// An answer to /board that shows the controls to the player on move is one
// of the game's boards: the next move retires it like the thread's. One
// without controls (asked by the other player) has nothing to retire.
func TestBoardAnswerWithControlsIsRetiredLater(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	p := New(core)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	waiting := g.Players[g.ToMove.Other()]
	if err := p.BoardCommand(ctx, boardAsked(waiting, g.ID)); err != nil {
		t.Fatal(err)
	}
	if live, _ := db.LiveBoards(ctx, g.ID, g.Version+1); len(live) != 0 {
		t.Fatalf("a board without controls was recorded: %+v", live)
	}
	if err := p.BoardCommand(ctx, boardAsked(g.Players[g.ToMove], g.ID)); err != nil {
		t.Fatal(err)
	}
	resp := rec.Calls[len(rec.Calls)-1]
	if resp.Op != "respond" || resp.Msg == nil || len(resp.Msg.Components) == 0 {
		t.Fatalf("no board answered: %v", rec.Ops())
	}
	live, err := db.LiveBoards(ctx, g.ID, g.Version+1)
	if err != nil || len(live) != 1 || live[0].Message != "1500000000000000999" || live[0].Kind != "board" {
		t.Fatalf("the answer with controls is not among the game's live boards: %+v, %v", live, err)
	}
}

// A Throw click that keeps the turn answers the clicked board in place with
// the thrown board and its controls, and records that board as drawn at the
// new version: the refresh the throw wrote then leaves it alone, and draws
// only the game's other boards.
func TestThrowRecordsTheClickedBoardDrawn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	p := New(core)
	g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
	mover := g.Players[g.ToMove]
	if err := p.BoardCommand(ctx, boardAsked(mover, g.ID)); err != nil {
		t.Fatal(err)
	}
	live, _ := db.LiveBoards(ctx, g.ID, g.Version+1)
	if len(live) != 1 {
		t.Fatalf("%d live boards after /board, want 1", len(live))
	}
	i := kittest.Click(t, "../testdata/click_leaderboard.json", fmt.Sprintf("g/%d/%d/t", g.ID, g.Version))
	i.Member.User.ID, i.ChannelID = mover, live[0].Channel
	i.Message = &discordgo.Message{ID: live[0].Message, ChannelID: live[0].Channel}
	a, _, err := parseGame(i.MessageComponentData().CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Click(ctx, i, a); err != nil {
		t.Fatal(err)
	}
	after, _ := db.Game(ctx, g.ID)
	if after.Version == g.Version || after.ToMove != g.ToMove {
		t.Fatalf("the throw left version %d, %d on move: want a throw that keeps the turn (pick another seed)", after.Version, after.ToMove)
	}
	if behind, _ := db.LiveBoards(ctx, g.ID, after.Version); len(behind) != 0 {
		t.Errorf("the clicked board is still recorded at version %d, drawn at %d", behind[0].Version, after.Version)
	}
	if now, _ := db.LiveBoards(ctx, g.ID, after.Version+1); len(now) != 1 {
		t.Errorf("%d live boards at version %d, want the clicked one", len(now), after.Version)
	}
}

// The click that passes the turn answers the clicked board as an old board
// reads, the result's text alone saying the game has moved on: the
// retirement its move announced edits that board too, in either order, and
// the answer must not bring the picture back. A private answer's board,
// which no retirement touches, keeps the picture. A board recorded among
// the game's answers as the retirement will write it: in the language it
// was written in, with the text it was sent with.
func TestPassingAnswerLeavesThePictureOut(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ private, recorded bool }{{false, false}, {true, false}, {false, true}} {
		private := c.private
		t.Run(fmt.Sprintf("private %v recorded %v", c.private, c.recorded), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			core, rec, db := kittest.Core(t, 1)
			p := New(core)
			g := kittest.StoreGame(t, db, "aseb", kittest.Ana, kittest.Bo, true, store.Unfinished, "")
			mover := g.Players[g.ToMove]
			click := func(verb, arg string, version int64) *kit.Message {
				t.Helper()
				i := kittest.Click(t, "../testdata/click_leaderboard.json", kit.GameCID(g.ID, version, verb, arg))
				i.Member.User.ID = mover
				i.Message = &discordgo.Message{ID: "1500000000000000999", ChannelID: i.ChannelID}
				if private {
					i.Message.Flags = discordgo.MessageFlagsEphemeral
				}
				a, _, err := parseGame(i.MessageComponentData().CustomID)
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Click(ctx, i, a); err != nil {
					t.Fatal(err)
				}
				last := rec.Calls[len(rec.Calls)-1]
				if last.Op != "respond" || last.Msg == nil {
					t.Fatalf("no answer: %v", rec.Ops())
				}
				return last.Msg
			}
			// Throws until a move is to be chosen, the turn kept: those
			// answers keep the picture.
			s, err := core.LoadLatest(ctx, g.ID)
			for k := 0; err == nil && s.G.ToMove == g.ToMove && len(s.Pos.Moves()) == 0 && k < 5; k++ {
				m := click("t", "", s.G.Version)
				if s, err = core.LoadLatest(ctx, g.ID); err == nil && s.G.ToMove == g.ToMove && len(m.Files) != 1 {
					t.Errorf("a throw that keeps the turn answered with %d files", len(m.Files))
				}
			}
			if err != nil || s.G.ToMove != g.ToMove || len(s.Pos.Moves()) == 0 {
				t.Fatalf("the throws left %d on move with %d moves (%v): want a move to choose (pick another seed)", s.G.ToMove, len(s.Pos.Moves()), err)
			}
			if c.recorded {
				sent := kit.Kept(&kit.Message{Embeds: []*discordgo.MessageEmbed{{Description: "as sent", Footer: &discordgo.MessageEmbedFooter{Text: "#1"}}}})
				if err := db.AddBoardMessage(ctx, store.BoardMessage{Channel: kittest.Channel, Message: "1500000000000000999", Game: g.ID,
					Version: s.G.Version, Kind: "board", Kept: sent, Lang: "de"}); err != nil {
					t.Fatal(err)
				}
			}
			m := click("m", s.Pos.Moves()[0].Notation, s.G.Version)
			if after, _ := db.Game(ctx, g.ID); after.ToMove == g.ToMove {
				t.Fatal("the move kept the turn (pick another seed)")
			}
			if c.recorded {
				if !strings.Contains(m.Content, "ist seit diesem Brett weitergegangen") || len(m.Embeds) != 1 || m.Embeds[0].Description != "as sent" || len(m.Files) != 0 {
					t.Errorf("the answer on a board recorded in German: %q, %d files, embeds %+v", m.Content, len(m.Files), m.Embeds)
				}
				return
			}
			if moved := strings.Contains(m.Content, "has moved on"); moved == private {
				t.Errorf("the answer says the game has moved on: %v (%q)", moved, m.Content)
			}
			pictured := len(m.Files) != 0 || m.Embeds[0].Image != nil
			if pictured != private || len(m.Embeds) != 1 || !strings.Contains(m.Embeds[0].Description, "played") || len(m.Components) != 0 {
				t.Errorf("the answer: %d files, image %v, controls %v, text %q", len(m.Files), m.Embeds[0].Image, m.Components, m.Embeds[0].Description)
			}
		})
	}
}
