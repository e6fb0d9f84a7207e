package challenge

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
	"kilab/store"
)

// A server's defaults (/mod defaults) fill the options a challenger leaves
// out, and only those; a server with none gets the bot's own.
func TestServerDefaultsFillWhatIsLeftOut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	core, _, db := kittest.Core(t, 1)
	b := New(core)
	yes, no := true, false
	var made int64
	// challenge is Ana's challenge with rated:rated (nil: none) and
	// time:days (0: none).
	challenge := func(rated *bool, days int) store.Challenge {
		t.Helper()
		i := challengeOf(t, kittest.Bo, rated, "en-US")
		data := i.ApplicationCommandData()
		sub := data.Options[0]
		sub.Options = slices.DeleteFunc(sub.Options, func(o *discordgo.ApplicationCommandInteractionDataOption) bool { return o.Name == kit.OptTime })
		if days > 0 {
			sub.Options = append(sub.Options, &discordgo.ApplicationCommandInteractionDataOption{Name: kit.OptTime, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(days)})
		}
		i.Data = data
		if err := b.Challenge(ctx, i); err != nil {
			t.Fatal(err)
		}
		made++
		c, err := db.Challenge(ctx, made)
		if err != nil {
			t.Fatalf("no challenge made: %v", err)
		}
		db.CancelChallenge(ctx, c.ID, kittest.Ana)
		return c
	}
	if c := challenge(nil, 0); !c.Rated || c.TimeLimit != 3*24*time.Hour {
		t.Errorf("no server defaults: rated %v, %v a move", c.Rated, c.TimeLimit)
	}
	if _, err := db.SetDefaults(ctx, kittest.Guild, store.Defaults{Days: 7, Rated: &no}, kittest.Mod); err != nil {
		t.Fatal(err)
	}
	if c := challenge(nil, 0); c.Rated || c.TimeLimit != 7*24*time.Hour {
		t.Errorf("server defaults 7 days, casual: rated %v, %v a move", c.Rated, c.TimeLimit)
	}
	if c := challenge(&yes, 0); !c.Rated || c.TimeLimit != 7*24*time.Hour {
		t.Errorf("rated:true on a casual server: rated %v, %v a move", c.Rated, c.TimeLimit)
	}
	if c := challenge(nil, 1); c.Rated || c.TimeLimit != 24*time.Hour {
		t.Errorf("time:1 on a 7-day server: rated %v, %v a move", c.Rated, c.TimeLimit)
	}
}
