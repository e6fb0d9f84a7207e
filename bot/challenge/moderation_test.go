package challenge

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	_ "kilab/games/aseb"
	"kilab/store"
)

const (
	mod       = kittest.Mod
	elsewhere = "1100000000000000005"
)

func init() {
	kit.RegisterShape("c", kit.VerbThenID)
	kit.RegisterShape("r", kit.IDOnly)
	kit.RegisterShape("g", kit.GameShape)
}

// challengeBy is the recorded /challenge aseb opponent:Bo, sent by user
// with permissions perms.
func challengeBy(t *testing.T, user string, perms int64) *discordgo.Interaction {
	i := kittest.Payload(t, "../testdata/challenge_aseb.json")
	i.Member.User = &discordgo.User{ID: user, Username: "u"}
	i.Member.Permissions = perms
	return i
}

// click is a click on a challenge's button verb by user, with permissions perms.
func click(t *testing.T, user string, perms int64, verb string, id int64) (*discordgo.Interaction, kit.Action) {
	i := challengeBy(t, user, perms)
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: kit.ChallengeCID(verb, id), ComponentType: discordgo.ButtonComponent}
	return i, kit.Action{Kind: "c", Verb: verb, ID: id}
}

// A member the moderators kept from games can neither challenge nor be
// challenged, nor accept; lifting the ban lets them play again.
func TestBanHoldsAtChallengeAndAccept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	b := New(core)
	for _, tc := range []struct{ banned, want string }{
		{kittest.Bo, "<@" + kittest.Bo + "> may not play on this server"},
		{kittest.Ana, "This server's moderators have kept you from starting or accepting games here"},
	} {
		if _, err := db.Ban(ctx, kittest.Guild, tc.banned, mod); err != nil {
			t.Fatal(err)
		}
		if got := kittest.Refusal(t, b.Challenge(ctx, challengeBy(t, kittest.Ana, 0))); !strings.Contains(got, tc.want) {
			t.Errorf("/challenge with %s banned: %q, want %q", tc.banned, got, tc.want)
		}
		if _, err := db.Challenge(ctx, 1); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a challenge was made with %s banned: %v", tc.banned, err)
		}
		if _, err := db.Unban(ctx, kittest.Guild, tc.banned, mod); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Challenge(ctx, challengeBy(t, kittest.Ana, 0)); err != nil {
		t.Fatalf("/challenge once the bans are lifted: %v", err)
	}
	if _, err := db.Ban(ctx, kittest.Guild, kittest.Bo, mod); err != nil {
		t.Fatal(err)
	}
	i, a := click(t, kittest.Bo, 0, "a", 1)
	if got := kittest.Refusal(t, b.Click(ctx, i, a)); !strings.Contains(got, "kept you from starting or accepting games") {
		t.Errorf("a banned player accepting: %q", got)
	}
	if c, _ := db.Challenge(ctx, 1); c.Status != store.ChallengeOpen {
		t.Fatalf("the challenge after a banned accept: %s", c.Status)
	}
	if _, err := db.Unban(ctx, kittest.Guild, kittest.Bo, mod); err != nil {
		t.Fatal(err)
	}
	if err := b.Click(ctx, i, a); err != nil {
		t.Fatalf("accepting once unbanned: %v", err)
	}
	if c, _ := db.Challenge(ctx, 1); c.Status != store.ChallengeAccepted || c.GameID == 0 {
		t.Fatalf("the challenge after the accept: %s, game %d", c.Status, c.GameID)
	}
	// A rematch is a new challenge too.
	g, _ := db.Game(ctx, 1)
	if _, _, err := db.Commit(ctx, store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.Draw, Reason: store.ReasonAgreement}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Ban(ctx, kittest.Guild, kittest.Bo, mod); err != nil {
		t.Fatal(err)
	}
	ri := challengeBy(t, kittest.Ana, 0)
	ri.Type = discordgo.InteractionMessageComponent
	ri.Data = discordgo.MessageComponentInteractionData{CustomID: kit.RematchCID(g.ID), ComponentType: discordgo.ButtonComponent}
	if got := kittest.Refusal(t, b.Rematch(ctx, ri, kit.Action{Kind: "r", ID: g.ID})); !strings.Contains(got, "may not play on this server") {
		t.Errorf("a rematch against a banned player: %q", got)
	}
}

// Where the server lists channels for new challenges, a challenge
// elsewhere is refused with the list.
func TestChallengeChannels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	b := New(core)
	if _, err := db.AllowChallenges(ctx, kittest.Guild, elsewhere, mod); err != nil {
		t.Fatal(err)
	}
	want := "New challenges on this server are made in these channels only: <#" + elsewhere + ">."
	if got := kittest.Refusal(t, b.Challenge(ctx, challengeBy(t, kittest.Ana, 0))); got != want {
		t.Errorf("/challenge in another channel: %q, want %q", got, want)
	}
	i := challengeBy(t, kittest.Ana, 0)
	i.ChannelID = elsewhere
	if err := b.Challenge(ctx, i); err != nil {
		t.Fatalf("/challenge in the allowed channel: %v", err)
	}
	if c, err := db.Challenge(ctx, 1); err != nil || c.ChannelID != elsewhere {
		t.Fatalf("the challenge: %+v, %v", c, err)
	}
}

// Cancel is the challenger's, or a moderator's, who is logged; nobody
// else's.
func TestModeratorCancelsChallenge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	b := New(core)
	if err := b.Challenge(ctx, challengeBy(t, kittest.Ana, 0)); err != nil {
		t.Fatal(err)
	}
	i, a := click(t, kittest.Bo, 0, "x", 1)
	if err := b.Click(ctx, i, a); !errors.Is(err, store.ErrForbidden) {
		t.Errorf("Bo cancelling Ana's challenge: %v", err)
	}
	rec.Calls = nil
	i, a = click(t, mod, discordgo.PermissionManageGuild, "x", 1)
	if err := b.Click(ctx, i, a); err != nil {
		t.Fatalf("a moderator's cancel: %v", err)
	}
	if c, _ := db.Challenge(ctx, 1); c.Status != store.ChallengeCancelled {
		t.Errorf("the challenge: %s", c.Status)
	}
	if r, ok := rec.First("respond"); !ok || !strings.Contains(r.Msg.Embeds[0].Description, "Cancelled by a moderator, <@"+mod+">") {
		t.Errorf("the closed challenge: %+v", r.Msg)
	}
	log, err := db.ModerationLog(ctx, kittest.Guild, 5)
	if err != nil || len(log) != 1 || log[0].Moderator != mod || log[0].Action != store.ModCancelChallenge || log[0].Item != 1 {
		t.Errorf("the log: %+v, %v", log, err)
	}
}
