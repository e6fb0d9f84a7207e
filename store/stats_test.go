package store

import (
	"context"
	"testing"
	"time"
)

func TestStats(t *testing.T) {
	ctx := context.Background()
	db, clk := newDB(t)
	play(t, db, guild, "tab", "ana", "bo", FirstWins) // ana wins, rated
	clk.Add(time.Minute)
	play(t, db, guild, "tab", "bo", "ana", FirstWins) // ana loses
	clk.Add(time.Minute)
	play(t, db, guild, "tab", "bo", "ana", Draw)
	clk.Add(time.Minute)
	unrated, _ := db.CreateGame(ctx, NewGame{GuildID: guild, ChannelID: channel, Kind: "seega",
		Players: [2]string{"cy", "ana"}, Position: "p", TimeLimit: day})
	last, _ := end(t, db, unrated, SecondWins, ReasonTimeout) // ana wins, unrated
	clk.Add(time.Minute)
	aborted, _ := end(t, db, newGameOf(t, db, "ana", "cy", true), Aborted, ReasonAbort)
	active := newGameOf(t, db, "ana", "bo", true)     // aseb, in play
	play(t, db, "g2", "tab", "ana", "bo", SecondWins) // another server

	st, err := db.Stats(ctx, guild, "ana", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Kinds) != 3 || st.Kinds[0].Kind != "aseb" || st.Kinds[1].Kind != "seega" || st.Kinds[2].Kind != "tab" {
		t.Fatalf("kinds %+v", st.Kinds)
	}
	aseb, seega, tab := st.Kinds[0], st.Kinds[1], st.Kinds[2]
	if aseb.Active != 1 || aseb.Aborted != 1 || aseb.Wins+aseb.Losses+aseb.Draws != 0 || aseb.Standing != nil {
		t.Errorf("aseb %+v", aseb)
	}
	if seega.Wins != 1 || seega.Losses != 0 || seega.Standing != nil {
		t.Errorf("seega %+v (unrated: no standing)", seega)
	}
	if tab.Wins != 1 || tab.Losses != 1 || tab.Draws != 1 || tab.Standing == nil || tab.Standing.Games() != 3 {
		t.Errorf("tab %+v", tab)
	}
	if len(st.Recent) != 2 || st.Recent[0].ID != aborted.ID || st.Recent[1].ID != last.ID {
		t.Errorf("recent %v, want [%d %d] (not the active %d)", gameIDs(st.Recent), aborted.ID, last.ID, active.ID)
	}
	if none, err := db.Stats(ctx, guild, "nobody", 5); err != nil || len(none.Kinds) != 0 || len(none.Recent) != 0 {
		t.Errorf("stats of a stranger: %+v %v", none, err)
	}
}
