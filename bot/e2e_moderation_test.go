package bot_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
	"kilab/store"
)

// A moderator (Manage Server in the member's permissions) aborts a game,
// keeps a member from games and limits new challenges to one channel,
// through Discord as players use it; a member to whom the command was
// given without those permissions is refused. The players are told of the
// abort in the thread, /history says who aborted it, and /mod log lists
// every action with who did it.
func TestE2EModeration(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 27)
	ana, bo, mo := h.srv.AddUser("ana"), h.srv.AddUser("bo"), h.srv.AddUser("mo")
	h.srv.GrantPermissions(mo.ID, discordgo.PermissionManageGuild)
	ch := h.srv.ChannelID()
	g := h.challengeAccepted(ana, bo, "aseb")
	h.deliver()
	game := fakediscord.Arg("game", "#"+strconv.FormatInt(g.ID, 10))

	h.ephemeralSays(h.srv.Command(bo.ID, ch, "mod", fakediscord.Sub("abort", game)), "Only this server's moderators")
	if !h.game(g.ID).Active() {
		t.Fatal("a player's /mod abort ended the game")
	}
	h.ephemeralSays(h.srv.Command(mo.ID, ch, "mod", fakediscord.Sub("abort", game)), "is aborted, unrated")
	h.deliver()
	end := h.game(g.ID)
	if end.Result != store.Aborted || end.RatingDelta != [2]float64{} {
		t.Fatalf("the game after the abort: %v %v", end.Result, end.RatingDelta)
	}
	if n := h.count(end.ThreadID, "aborted by a moderator <@"+mo.ID+">"); n != 1 {
		t.Errorf("the thread told of the abort %d times", n)
	}
	for _, p := range []fakediscord.User{ana, bo} {
		if n := h.count(h.srv.DMChannel(p.ID), "aborted by a moderator <@"+mo.ID+">"); n != 1 {
			t.Errorf("%s was told of the abort by DM %d times", p.Username, n)
		}
	}
	if hist := h.reply(h.srv.Command(ana.ID, ch, "history", game)); !strings.Contains(hist.Content, "aborted by a moderator <@"+mo.ID+">") {
		t.Errorf("/history says %q", hist.Content)
	}

	h.ephemeralSays(h.srv.Command(mo.ID, ch, "mod", fakediscord.Sub("ban", fakediscord.Arg("user", bo.ID))), "may no longer start or accept games")
	h.ephemeralSays(h.srv.Command(bo.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("opponent", ana.ID))), "kept you from starting or accepting games")
	lobby := h.srv.AddChannel("lobby")
	h.ephemeralSays(h.srv.Command(mo.ID, ch, "mod", fakediscord.Sub("channels", fakediscord.Sub("add", fakediscord.Arg("channel", lobby)))), "only: <#"+lobby+">")
	h.ephemeralSays(h.srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("tab")), "made in these channels only: <#"+lobby+">")
	if open := h.reply(h.srv.Command(ana.ID, lobby, "challenge", fakediscord.Sub("tab"))); len(open.CustomIDs()) == 0 {
		t.Errorf("no challenge in the allowed channel: %+v", open)
	}
	log := h.reply(h.srv.Command(mo.ID, ch, "mod", fakediscord.Sub("log")))
	if len(log.Embeds) == 0 || !log.Ephemeral() {
		t.Fatalf("/mod log: %+v", log)
	}
	for _, want := range []string{"<@" + mo.ID + "> aborted game #" + strconv.FormatInt(g.ID, 10), "<@" + mo.ID + "> kept <@" + bo.ID + "> from games", "<@" + mo.ID + "> allowed new challenges in <#" + lobby + ">"} {
		if !strings.Contains(log.Embeds[0].Description, want) {
			t.Errorf("/mod log lacks %q:\n%s", want, log.Embeds[0].Description)
		}
	}
}
