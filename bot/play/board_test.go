package play

import (
	"context"
	"strconv"
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
