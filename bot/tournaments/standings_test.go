package tournaments

import (
	"context"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/store"
)

// /standings links to the tournament's page where the operator serves the
// web pages and the server made its tournaments public; not where games
// alone are shown by link.
func TestStandingsLinkToThePage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	core.PublicURL = "https://kilab.example"
	b := New(core)
	tm := newTournament(t, db)
	for _, p := range []string{kittest.Ana, kittest.Bo, kittest.Mod} {
		if err := db.JoinTournament(ctx, tm.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	standings := asMember(kittest.Ana, 0, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "standings",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: kit.OptTournament, Type: discordgo.ApplicationCommandOptionString, Value: fmt.Sprint(tm.ID)}}})
	link := func() string {
		t.Helper()
		rec.Calls = nil
		if err := b.Standings(ctx, standings); err != nil {
			t.Fatal(err)
		}
		return kittest.LinkOf(rec.Calls[len(rec.Calls)-1].Msg)
	}
	if got := link(); got != "" {
		t.Errorf("with games shown by link alone, /standings links to %q", got)
	}
	if _, err := db.SetWeb(ctx, kittest.Guild, store.WebPublic, "mod"); err != nil {
		t.Fatal(err)
	}
	if got, want := link(), fmt.Sprintf("https://kilab.example/t/%d", tm.ID); got != want {
		t.Errorf("/standings links to %q, want %q", got, want)
	}
}
