package challenge

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	_ "kilab/ai/asebai" // the computer's agents register themselves
	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
)

func init() { kit.RegisterShape("v", kit.KindShape) }

// firstGameClick is Ana's click on the button that ends a lesson of kind,
// in guild ("" for a DM).
func firstGameClick(t *testing.T, kind, guild string) (*discordgo.Interaction, kit.Action) {
	i := challengeBy(t, kittest.Ana, 0)
	i.GuildID = guild
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: kit.FirstGameCID(kind), ComponentType: discordgo.ButtonComponent}
	return i, kit.Action{Kind: "v", Arg: kind}
}

// The button at a lesson's end starts a game against the computer at the
// easy level, in the game's default variant, as /challenge starts one; in a
// DM it is refused, and nothing starts.
func TestFirstGameAgainstTheComputer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, rec, db := kittest.Core(t, 1)
	const self = "1200000000000000000"
	core.Self = func() string { return self }
	b := New(core)

	i, a := firstGameClick(t, "aseb", "")
	if got := kittest.Refusal(t, b.FirstGame(ctx, i, a)); !strings.Contains(got, "server channel") {
		t.Errorf("in a DM: %q, want a refusal that names a server", got)
	}
	i, a = firstGameClick(t, "aseb", kittest.Guild)
	if err := b.FirstGame(ctx, i, a); err != nil {
		t.Fatal(err)
	}
	resp, ok := rec.First("respond")
	if !ok || resp.Typ != discordgo.InteractionResponseChannelMessageWithSource || resp.Msg.Ephemeral {
		t.Fatalf("answered %+v, want the game's post in the channel", resp)
	}
	g, err := db.Game(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Kind != "aseb" || g.Config.Variant != "standard" || !g.Computer.Plays() || g.Computer.Level != "easy" ||
		!g.Active() || (g.Players[0] != self && g.Players[1] != self) {
		t.Errorf("the first game: %+v", g)
	}
	if _, err := db.Game(ctx, 2); err == nil {
		t.Error("a second game started")
	}
}
