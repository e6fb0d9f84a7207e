package tournaments

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/store"
	"kilab/tournament"
)

const mod = kittest.Mod

// asMember is an interaction of the payloads' server by user, with
// permissions perms.
func asMember(user string, perms int64, typ discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	return &discordgo.Interaction{ID: "1300000000000000001", Type: typ, GuildID: kittest.Guild, ChannelID: kittest.Channel,
		Locale: discordgo.EnglishUS, Member: &discordgo.Member{User: &discordgo.User{ID: user}, Permissions: perms}, Data: data}
}

func cancelBy(user string, perms int64, id string) *discordgo.Interaction {
	return asMember(user, perms, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "tournament",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "cancel", Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: kit.OptTournament, Type: discordgo.ApplicationCommandOptionString, Value: id}}}}})
}

func newTournament(t *testing.T, db *store.DB) store.Tournament {
	t.Helper()
	tm, err := db.CreateTournament(context.Background(), store.Tournament{GuildID: kittest.Guild, ChannelID: kittest.Channel, Creator: kittest.Ana,
		Kind: "aseb", Config: games.Config{Variant: "standard"}, Format: tournament.RoundRobin, TimeLimit: 3 * store.Day, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// A tournament is cancelled by its creator or by a moderator, who is
// logged; anyone else to whom the command was given is refused.
func TestCancelIsTheCreatorsOrAModerators(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	b := New(core)
	first, second := newTournament(t, db), newTournament(t, db)
	want := "Only the creator of tournament #1, <@" + kittest.Ana + ">, or a moderator of this server may cancel it."
	if got := kittest.Refusal(t, b.Tournament(ctx, cancelBy(kittest.Bo, 0, "#1"))); got != want {
		t.Errorf("Bo cancelling Ana's tournament: %q", got)
	}
	if now, _ := db.Tournament(ctx, first.ID); now.Status != store.TournamentOpen {
		t.Fatalf("after Bo's cancel: %s", now.Status)
	}
	if err := b.Tournament(ctx, cancelBy(kittest.Ana, 0, "#1")); err != nil {
		t.Fatalf("the creator's cancel: %v", err)
	}
	if err := b.Tournament(ctx, cancelBy(mod, discordgo.PermissionAdministrator, "#2")); err != nil {
		t.Fatalf("a moderator's cancel: %v", err)
	}
	for _, tm := range []store.Tournament{first, second} {
		if now, _ := db.Tournament(ctx, tm.ID); now.Status != store.TournamentCancelled {
			t.Errorf("tournament %d: %s", tm.ID, now.Status)
		}
	}
	log, err := db.ModerationLog(ctx, kittest.Guild, 5)
	if err != nil || len(log) != 1 || log[0].Moderator != mod || log[0].Action != store.ModCancelTournament || log[0].Item != second.ID {
		t.Errorf("the log, which keeps the moderator's cancel only: %+v, %v", log, err)
	}
}

// A member kept from games cannot join a tournament.
func TestBannedCannotJoin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	b := New(core)
	tm := newTournament(t, db)
	if _, err := db.Ban(ctx, kittest.Guild, kittest.Bo, mod); err != nil {
		t.Fatal(err)
	}
	join := asMember(kittest.Bo, 0, discordgo.InteractionMessageComponent,
		discordgo.MessageComponentInteractionData{CustomID: kit.TournamentCID("j", tm.ID), ComponentType: discordgo.ButtonComponent})
	if got := kittest.Refusal(t, b.Click(ctx, join, kit.Action{Kind: "t", Verb: "j", ID: tm.ID})); !strings.Contains(got, "kept you from starting or accepting games") {
		t.Errorf("a banned member joining: %q", got)
	}
	if ps, _ := db.TournamentPlayers(ctx, tm.ID); len(ps) != 0 {
		t.Errorf("players: %+v", ps)
	}
}
