package fakediscord_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// boardMessage posts a message with a Throw button and a move select, as a
// board message of the bot would look.
func boardMessage(t *testing.T, s *discordgo.Session, channelID string) *discordgo.Message {
	t.Helper()
	minV := 1
	m, err := s.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
		Content: "board",
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Throw", Style: discordgo.PrimaryButton, CustomID: "throw/7/1"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "move/7/1", MinValues: &minV, MaxValues: 1, Options: []discordgo.SelectMenuOption{
					{Label: "a1-a4", Value: "a1-a4"}, {Label: "b2-b5", Value: "b2-b5"},
				}},
			}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// gameBot answers clicks by updating the message, selects by deferring and
// editing, and autocomplete with choices.
func gameBot(t *testing.T) func(*discordgo.Session, *discordgo.InteractionCreate) {
	return func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		var err error
		switch ic.Type {
		case discordgo.InteractionMessageComponent:
			err = answerComponent(s, ic)
		case discordgo.InteractionApplicationCommandAutocomplete:
			partial := ic.ApplicationCommandData().Options[0].StringValue()
			err = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Game 12 (" + partial + ")", Value: "12"},
				}},
			})
		}
		if err != nil {
			t.Errorf("answering: %v", err)
		}
	}
}

func answerComponent(s *discordgo.Session, ic *discordgo.InteractionCreate) error {
	data := ic.MessageComponentData()
	if data.ComponentType == discordgo.ButtonComponent {
		return s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "threw 3", Components: []discordgo.MessageComponent{}},
		})
	}
	err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if err != nil {
		return err
	}
	content := "played " + data.Values[0]
	if _, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
		return err
	}
	_, err = s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{
		Content: "only you see this", Flags: discordgo.MessageFlagsEphemeral,
	})
	return err
}

func TestClickSelectAndAutocomplete(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, gameBot(t))
	ana := srv.AddUser("ana")
	ctx := testContext(t)

	board := boardMessage(t, s, srv.ChannelID())
	ix := srv.Select(ana.ID, board.ID, "move/7/1", "b2-b5")
	reply, err := ix.Reply(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if reply.ID != board.ID || reply.Content != "played b2-b5" || reply.Edits != 1 {
		t.Errorf("select reply %+v", reply)
	}
	fu, err := ix.Followup(ctx, 0)
	if err != nil || !fu.Ephemeral() || fu.InteractionID == "" {
		t.Errorf("follow-up %+v, %v", fu, err)
	}

	click := srv.Click(ana.ID, board.ID, "throw/7/1")
	updated, err := click.Reply(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if updated.Content != "threw 3" || len(updated.Buttons()) != 0 || updated.Edits != 2 {
		t.Errorf("after click %+v", updated)
	}
	cb, _ := click.Callback(ctx)
	if cb.Type != discordgo.InteractionResponseUpdateMessage || cb.Elapsed <= 0 {
		t.Errorf("callback %+v", cb)
	}

	choices, err := srv.Autocomplete(ana.ID, srv.ChannelID(), "move", fakediscord.Focus("game", "1")).Choices(ctx)
	if err != nil || len(choices) != 1 || choices[0].Value != "12" {
		t.Errorf("choices %v, %v", choices, err)
	}
}

func TestDeferredCommandInDMWithFollowup(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	cmds := []*discordgo.ApplicationCommand{{Name: "help", Description: "How to play"}}
	s := connect(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic.User == nil || ic.Member != nil || ic.GuildID != "" {
			t.Errorf("a DM interaction carries user, not member: %+v", ic.Interaction)
		}
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		text := "Challenge, accept, play."
		if _, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &text}); err != nil {
			t.Errorf("editing @original: %v", err)
		}
	})
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", cmds); err != nil {
		t.Fatal(err)
	}
	bo := srv.AddUser("bo")
	reply, err := srv.Command(bo.ID, srv.DMChannel(bo.ID), "help").Reply(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	if reply.Content != "Challenge, accept, play." || !reply.Ephemeral() || reply.Loading() || reply.GuildID != "" {
		t.Errorf("reply %+v", reply)
	}
}

func TestThreads(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	m := boardMessage(t, s, srv.ChannelID())
	th, err := s.MessageThreadStartComplex(srv.ChannelID(), m.ID, &discordgo.ThreadStart{Name: "Seega - Ana vs Bo", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != srv.ChannelID() {
		t.Errorf("thread %+v", th)
	}
	if _, err := s.ChannelMessageSend(th.ID, "first board"); err != nil {
		t.Fatal(err)
	}
	if got := srv.Messages(th.ID); len(got) != 1 {
		t.Errorf("thread holds %d messages", len(got))
	}
	_, err = s.MessageThreadStartComplex(srv.ChannelID(), m.ID, &discordgo.ThreadStart{Name: "again"})
	wantCode(t, err, http.StatusBadRequest, 160004)

	private, err := s.ThreadStartComplex(srv.ChannelID(), &discordgo.ThreadStart{Name: "no type given"})
	if err != nil || private.Type != discordgo.ChannelTypeGuildPrivateThread {
		t.Errorf("a thread without a type is private under v9: %+v, %v", private, err)
	}

	closed := srv.AddChannel("no-threads")
	srv.DenyThreads(closed)
	m2 := boardMessage(t, s, closed)
	_, err = s.MessageThreadStartComplex(closed, m2.ID, &discordgo.ThreadStart{Name: "x", AutoArchiveDuration: 60})
	wantCode(t, err, http.StatusForbidden, discordgo.ErrCodeMissingPermissions)
}

func wantCode(t *testing.T, err error, status, code int) {
	t.Helper()
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != code || rest.Response.StatusCode != status {
		t.Errorf("got %v, want HTTP %d code %d", err, status, code)
	}
}

func TestAcknowledgeRules(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var late []fakediscord.Violation
	srv := fakediscord.New(t, fakediscord.WithInteractionDeadline(time.Hour), fakediscord.OnViolation(
		func(_ *fakediscord.Request, vs []fakediscord.Violation) {
			mu.Lock()
			defer mu.Unlock()
			late = append(late, vs...)
		}))
	errs := make(chan error, 3)
	connect(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "too early"})
		errs <- err
		respond := func() error {
			return s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "ok"},
			})
		}
		errs <- respond()
		errs <- respond()
	})
	ana := srv.AddUser("ana")
	srv.Command(ana.ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "x"))
	for i, want := range []int{10015, 0, 40060} {
		err := <-errs
		if want == 0 {
			if err != nil {
				t.Errorf("first response: %v", err)
			}
			continue
		}
		status := http.StatusNotFound
		if i == 2 {
			status = http.StatusBadRequest
		}
		wantCode(t, err, status, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(late) != 0 {
		t.Errorf("violations: %v", late)
	}
}

func TestInvalidBodyIsAnswered400AndReported(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got []fakediscord.Violation
	srv := fakediscord.New(t, fakediscord.OnViolation(func(_ *fakediscord.Request, vs []fakediscord.Violation) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, vs...)
	}))
	s := connect(t, srv, nil)
	_, err := s.ChannelMessageSend(srv.ChannelID(), strings.Repeat("a", 2001))
	wantCode(t, err, http.StatusBadRequest, 50035)
	mu.Lock()
	defer mu.Unlock()
	if !containsViolation(got, "content: at most 2000 characters") {
		t.Errorf("reported %v", got)
	}
	if len(srv.Messages(srv.ChannelID())) != 0 {
		t.Error("a rejected message was stored")
	}
}

func TestRateLimitIsRetried(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	srv.RateLimit("POST /channels/{channel_id}/messages", 20*time.Millisecond)
	if _, err := s.ChannelMessageSend(srv.ChannelID(), "hello"); err != nil {
		t.Fatal(err)
	}
	var statuses []int
	for _, r := range srv.Find(func(r *fakediscord.Request) bool { return r.Is("POST /channels/{channel_id}/messages") }) {
		statuses = append(statuses, r.Status)
	}
	if len(statuses) != 2 || statuses[0] != 429 || statuses[1] != 200 {
		t.Errorf("statuses %v, want [429 200]", statuses)
	}
}

func TestInvalidToken(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s, _ := discordgo.New("Bot wrong-token")
	s.Client = srv.Client()
	_, err := s.User("@me")
	wantCode(t, err, http.StatusUnauthorized, 0)
	_, err = s.GatewayBot()
	wantCode(t, err, http.StatusUnauthorized, 0)
	if err := s.Open(); err == nil || !strings.Contains(err.Error(), "4004") {
		t.Errorf("Open with a bad token: %v, want close 4004", err)
	}
}

func TestResumeAfterDropAndSecondSession(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	ctx := testContext(t)
	s := connect(t, srv, gameBot(t))
	board := boardMessage(t, s, srv.ChannelID())
	ana := srv.AddUser("ana")

	srv.DropGateway()
	// Dispatched while the bot is away: delivered when it resumes.
	ix := srv.Select(ana.ID, board.ID, "move/7/1", "a1-a4")
	if _, err := ix.Reply(ctx); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	if ss := srv.GatewaySessions(); len(ss) != 1 || ss[0].Resumes != 1 || !ss[0].Connected {
		t.Errorf("sessions after drop: %+v", ss)
	}

	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := srv.NewSession()
	s2.AddHandler(gameBot(t))
	if err := s2.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s2.Close() })
	if err := srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	// The old board's button still works with the restarted bot.
	if _, err := srv.Click(ana.ID, board.ID, "throw/7/1").Reply(ctx); err != nil {
		t.Fatal(err)
	}
	ss := srv.GatewaySessions()
	if len(ss) != 2 || !ss[0].Ended || ss[1].Ended || !ss[1].Connected {
		t.Errorf("sessions after restart: %+v", ss)
	}
}

// recorder is a testing.TB that keeps errors instead of failing, to test
// what the fake reports.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Helper() {}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	errs := r.errs
	r.errs = nil
	return errs
}

func TestMisuseOfTheDriverIsReported(t *testing.T) {
	t.Parallel()
	rec := &recorder{TB: t}
	srv := fakediscord.New(rec)
	s := srv.NewSession() // REST only: nothing here reaches the gateway
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", testCommands); err != nil {
		t.Fatal(err)
	}
	board := boardMessage(t, s, srv.ChannelID())
	ana, bo := srv.AddUser("ana"), srv.AddUser("bo")
	dm, err := s.UserChannelCreate(ana.ID)
	if err != nil {
		t.Fatal(err)
	}
	dmBoard := boardMessage(t, s, dm.ID)
	ch := srv.ChannelID()
	cases := []struct {
		use  func() *fakediscord.Interaction
		want string
	}{
		{func() *fakediscord.Interaction { return srv.Command(ana.ID, ch, "resign") }, "has not registered /resign"},
		{func() *fakediscord.Interaction { return srv.Command(ana.ID, ch, "ping") }, `required option "word" missing`},
		{func() *fakediscord.Interaction {
			return srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("pieces", "five")))
		}, "numeric option given string"},
		{func() *fakediscord.Interaction {
			return srv.Command(ana.ID, ch, "challenge", fakediscord.Sub("aseb", fakediscord.Arg("pieces", 6)))
		}, "not one of the registered choices"},
		{func() *fakediscord.Interaction {
			return srv.Command(ana.ID, ch, "challenge", fakediscord.Arg("aseb", 1))
		}, "use Sub for subcommands"},
		{func() *fakediscord.Interaction {
			return srv.Autocomplete(ana.ID, ch, "ping", fakediscord.Focus("word", "h"))
		}, "not registered with autocomplete"},
		{func() *fakediscord.Interaction { return srv.Click(ana.ID, board.ID, "nope") }, "has no button with that custom_id"},
		{func() *fakediscord.Interaction { return srv.Select(ana.ID, board.ID, "move/7/1", "z9") }, `"z9" is not an option`},
		{func() *fakediscord.Interaction { return srv.Click(bo.ID, dmBoard.ID, "throw/7/1") }, "in the DMs of user " + ana.ID},
	}
	for i, c := range cases {
		ix := c.use()
		errs := rec.take()
		if len(errs) != 1 || !strings.Contains(errs[0], c.want) {
			t.Errorf("case %d: reported %q, want %q", i, errs, c.want)
		}
		if _, err := ix.Reply(testContext(t)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: Reply gave %v", i, err)
		}
	}
}

func TestFirstFollowupFillsDeferral(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	connect(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		})
		for _, text := range []string{"first", "second"} {
			if _, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{
				Content: text, Flags: discordgo.MessageFlagsEphemeral,
			}); err != nil {
				t.Errorf("follow-up: %v", err)
			}
		}
	})
	ana := srv.AddUser("ana")
	ix := srv.Command(ana.ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "x"))
	second, err := ix.Followup(testContext(t), 1)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := ix.Followup(testContext(t), 0)
	orig, _ := ix.Original()
	if first.ID != orig.ID || first.Content != "first" || first.Ephemeral() || first.Loading() || !second.Ephemeral() {
		t.Errorf("original %+v, first %+v, second %+v", orig, first, second)
	}
}

func TestGatewayStateAndHistory(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var lint []fakediscord.Violation
	srv := fakediscord.New(t, fakediscord.OnViolation(func(_ *fakediscord.Request, vs []fakediscord.Violation) {
		mu.Lock()
		defer mu.Unlock()
		lint = append(lint, vs...)
	}))
	created := make(chan *discordgo.MessageCreate, 4)
	guild := make(chan *discordgo.GuildCreate, 1)
	s := srv.NewSession()
	s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { created <- m })
	s.AddHandlerOnce(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guild <- g })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	select {
	case g := <-guild:
		if len(g.Channels) != 1 || g.Channels[0].ID != srv.ChannelID() {
			t.Errorf("GUILD_CREATE %+v", g.Guild)
		}
	case <-testContext(t).Done():
		t.Fatal("no GUILD_CREATE")
	}
	if err := srv.WaitConnected(testContext(t)); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, text := range []string{"one", "two", "three"} {
		m, err := s.ChannelMessageSendEmbed(srv.ChannelID(), &discordgo.MessageEmbed{
			Title: text, Image: &discordgo.MessageEmbedImage{URL: "attachment://missing.png"},
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	select {
	case m := <-created:
		if m.Author.ID != srv.Bot().ID || m.GuildID != srv.Guild().ID {
			t.Errorf("MESSAGE_CREATE %+v", m.Message)
		}
	case <-testContext(t).Done():
		t.Fatal("no MESSAGE_CREATE for the bot's own message")
	}
	got, err := s.ChannelMessages(srv.ChannelID(), 2, "", ids[0], "")
	if err != nil || len(got) != 2 || got[0].ID != ids[2] || got[1].ID != ids[1] {
		t.Errorf("history after the first: %v, %v", got, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(lint) != 3 || !containsViolation(lint, `no file "missing.png"`) {
		t.Errorf("lint %v", lint)
	}
}

func TestReconnectRequestResumes(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	ctx := testContext(t)
	s := connect(t, srv, gameBot(t))
	board := boardMessage(t, s, srv.ChannelID())
	srv.RequestReconnect()
	ana := srv.AddUser("ana")
	if _, err := srv.Click(ana.ID, board.ID, "throw/7/1").Reply(ctx); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	if ss := srv.GatewaySessions(); len(ss) != 1 || ss[0].Resumes != 1 {
		t.Errorf("sessions after opcode 7: %+v", ss)
	}
}

func TestEditKeepsOrReplacesAttachments(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	file := func() []*discordgo.File {
		return []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes())}}
	}
	m, err := s.ChannelMessageSendComplex(srv.ChannelID(), &discordgo.MessageSend{Content: "v1", Files: file()})
	if err != nil {
		t.Fatal(err)
	}
	// Without an attachments list, new files are added to the old ones.
	edit := discordgo.NewMessageEdit(srv.ChannelID(), m.ID).SetContent("v2")
	edit.Files = file()
	if _, err := s.ChannelMessageEditComplex(edit); err != nil {
		t.Fatal(err)
	}
	if got, _ := srv.Message(m.ID); len(got.Attachments) != 2 || got.Content != "v2" || got.Edits != 1 {
		t.Errorf("after an edit adding a file: %d attachments, %q", len(got.Attachments), got.Content)
	}
	// An empty attachments list drops them all.
	edit = discordgo.NewMessageEdit(srv.ChannelID(), m.ID)
	edit.Attachments = &[]*discordgo.MessageAttachment{}
	if _, err := s.ChannelMessageEditComplex(edit); err != nil {
		t.Fatal(err)
	}
	if got, _ := srv.Message(m.ID); len(got.Attachments) != 0 || got.Content != "v2" {
		t.Errorf("after an edit dropping files: %d attachments, %q", len(got.Attachments), got.Content)
	}
}
