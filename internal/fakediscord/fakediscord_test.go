package fakediscord_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/internal/fakediscord"
)

// generous bounds every wait: the tests never sleep, they wait for events.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func pngBytes() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 6))
	img.Set(1, 1, color.NRGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

var testCommands = []*discordgo.ApplicationCommand{
	{
		Name: "ping", Description: "Answers pong",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "word", Description: "A word", Required: true},
		},
	},
	{
		Name: "challenge", Description: "Challenge someone",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "aseb", Description: "Play Aseb",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who"},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "pieces", Description: "How many",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "5", Value: 5}, {Name: "7", Value: 7}}},
			},
		}},
	},
	{
		Name: "move", Description: "Make a move",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Game", Required: true, Autocomplete: true},
		},
	},
}

// connect opens a real discordgo session on the fake, registers the test
// commands and routes interactions to handle.
func connect(t *testing.T, srv *fakediscord.Server, handle func(*discordgo.Session, *discordgo.InteractionCreate)) *discordgo.Session {
	t.Helper()
	s := srv.NewSession()
	ready := make(chan *discordgo.Ready, 1)
	s.AddHandlerOnce(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- r })
	if handle != nil {
		s.AddHandler(handle)
	}
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	select {
	case r := <-ready:
		if r.User.ID != srv.Bot().ID || r.Application.ID != srv.AppID() || len(r.Guilds) != 1 {
			t.Fatalf("READY: user %s app %s guilds %d", r.User.ID, r.Application.ID, len(r.Guilds))
		}
	case <-testContext(t).Done():
		t.Fatal("no READY")
	}
	if err := srv.WaitConnected(testContext(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), srv.Guild().ID, testCommands); err != nil {
		t.Fatalf("registering commands: %v", err)
	}
	return s
}

func TestInteractionRoundTrip(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	board := pngBytes()
	connect(t, srv, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic.Type != discordgo.InteractionApplicationCommand {
			return
		}
		word := ic.ApplicationCommandData().Options[0].StringValue()
		// discordgo's MessageAttachment has no description field, so the
		// payload is built by hand, as the bot must for alt text.
		resp := map[string]any{"type": 4, "data": map[string]any{
			"content":     "pong " + word + " <@" + ic.Member.User.ID + ">",
			"attachments": []map[string]any{{"id": "0", "filename": "board.png", "description": "an 8 by 6 board"}},
		}}
		files := []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}}
		ctype, body, err := discordgo.MultipartBodyWithJSON(resp, files)
		if err == nil {
			endpoint := discordgo.EndpointInteractionResponse(ic.ID, ic.Token)
			_, err = s.RequestRaw("POST", endpoint, ctype, body, endpoint, 0)
		}
		if err != nil {
			t.Errorf("responding: %v", err)
		}
	})
	alice := srv.AddUser("alice")
	ix := srv.Command(alice.ID, srv.ChannelID(), "ping", fakediscord.Arg("word", "hi"))
	reply, err := ix.Reply(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	if reply.Content != "pong hi <@"+alice.ID+">" || len(reply.Mentions) != 1 || reply.Mentions[0] != alice.ID {
		t.Errorf("reply %q mentions %v", reply.Content, reply.Mentions)
	}
	img, att, err := reply.PNG()
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 8 || att.Description != "an 8 by 6 board" || att.Width != 8 || att.Height != 6 {
		t.Errorf("attachment %+v, image %v", att, img.Bounds())
	}
	cb, err := ix.Callback(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || len(cb.Request.Files) != 1 ||
		!bytes.Equal(cb.Request.Files[0].Data, board) || cb.Request.Files[0].Filename != "board.png" {
		t.Errorf("callback %+v", cb)
	}
	if got := srv.Messages(srv.ChannelID()); len(got) != 1 || got[0].ID != reply.ID {
		t.Errorf("channel holds %d messages", len(got))
	}
}

func TestChannelMessageWithEmbedComponentsAndPNG(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)

	sent, err := s.ChannelMessageSendComplex(srv.ChannelID(), &discordgo.MessageSend{
		Embeds: []*discordgo.MessageEmbed{{
			Title: "Aseb - Ana vs Bo", Description: "Ana to move",
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Fields: []*discordgo.MessageEmbedField{{Name: "Last throw", Value: "3", Inline: true}},
		}},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Throw", Style: discordgo.PrimaryButton, CustomID: "throw/1/0"},
			}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "move/1/0", Placeholder: "Move", Options: []discordgo.SelectMenuOption{
					{Label: "a1-a4", Value: "a1-a4"}, {Label: "b2-b5", Value: "b2-b5"},
				}},
			}},
		},
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes())}},
	})
	if err != nil {
		t.Fatal(err)
	}
	req, err := srv.WaitFor(testContext(t), func(r *fakediscord.Request) bool {
		return r.Is("POST /channels/{channel_id}/messages")
	})
	if err != nil {
		t.Fatal(err)
	}
	violations := req.Violations
	if len(violations) != 0 || req.Status != 200 || len(req.Files) != 1 || req.Host != "discord.com" {
		t.Errorf("request %v violations %v files %d host %s", req, violations, len(req.Files), req.Host)
	}
	m, ok := srv.Message(sent.ID)
	if !ok {
		t.Fatal("message not stored")
	}
	if len(m.Embeds) != 1 || m.Embeds[0].Title != "Aseb - Ana vs Bo" || len(m.Buttons()) != 1 || len(m.Selects()) != 1 {
		t.Errorf("stored %+v", m)
	}
	if _, _, err := m.PNG(); err != nil {
		t.Error(err)
	}
	if len(sent.Attachments) != 1 || !strings.HasPrefix(sent.Attachments[0].URL, "https://cdn.discordapp.com/attachments/") {
		t.Fatalf("discordgo got attachments %+v", sent.Attachments)
	}
	resp, err := srv.Client().Get(sent.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if img, err := png.Decode(resp.Body); err != nil || img.Bounds().Dx() != 8 {
		t.Errorf("the CDN serves %v, %v", img, err)
	}
}

func TestLimitsAreReported(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 101)
	row := `{"type":1,"components":[{"type":2,"style":1,"label":"ok","custom_id":"` + long + `"}]}`
	body := `{"content":"` + strings.Repeat("y", 2001) + `","components":[` +
		strings.Repeat(`{"type":1,"components":[{"type":2,"style":1,"label":"a","custom_id":"a"}]},`, 5) + row + `],` +
		`"attachments":[{"id":"0","description":"` + strings.Repeat("d", 1025) + `"}]}`
	vs := fakediscord.CheckLimits("POST /channels/{channel_id}/messages", []byte(body), nil)
	want := []string{
		"content: at most 2000 characters",
		"components: at most 5 action rows, got 6",
		"components.5.components.0.custom_id: must be 1-100 characters, got 101",
		"components.1.components.0.custom_id: custom_id \"a\" is used twice",
		"attachments.0.description: at most 1024 characters",
	}
	for _, w := range want {
		if !containsViolation(vs, w) {
			t.Errorf("no violation %q in %v", w, vs)
		}
	}
	if vs := fakediscord.CheckLimits("PATCH /channels/{channel_id}/messages/{message_id}", []byte(`{"Components":[]}`), nil); !containsViolation(vs, `"Components" is ignored`) {
		t.Errorf("a field name in the wrong case: %v", vs)
	}
	choices := `{"type":8,"data":{"choices":[` + strings.Repeat(`{"name":"n","value":"v"},`, 25) + `{"name":"n","value":"v"}]}}`
	if vs := fakediscord.CheckLimits("POST /interactions/{interaction_id}/{interaction_token}/callback", []byte(choices), nil); !containsViolation(vs, "at most 25 autocomplete choices") {
		t.Errorf("26 choices: %v", vs)
	}
	cmds := `[{"name":"Bad Name","description":"","options":[{"type":3,"name":"a","description":"x"},{"type":3,"name":"b","description":"y","required":true}]}]`
	vs = fakediscord.CheckLimits("PUT /applications/{application_id}/commands", []byte(cmds), nil)
	for _, w := range []string{"0.name:", "0.description: must be 1-100", "required options must come before optional"} {
		if !containsViolation(vs, w) {
			t.Errorf("commands: no %q in %v", w, vs)
		}
	}
}

func containsViolation(vs []fakediscord.Violation, s string) bool {
	for _, v := range vs {
		if strings.Contains(v.String(), s) {
			return true
		}
	}
	return false
}

func TestClosedDMsAnswer50007(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	bob := srv.AddUser("bob")
	srv.CloseDMs(bob.ID)
	ch, err := s.UserChannelCreate(bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ChannelMessageSend(ch.ID, "your turn")
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser ||
		rest.Response.StatusCode != 403 {
		t.Fatalf("got %v, want RESTError 403 code 50007", err)
	}
	srv.OpenDMs(bob.ID)
	if _, err := s.ChannelMessageSend(ch.ID, "your turn"); err != nil {
		t.Fatal(err)
	}
	if got := srv.Messages(srv.DMChannel(bob.ID)); len(got) != 1 {
		t.Errorf("DM holds %d messages", len(got))
	}
}

func TestSchemaValidation(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	spec := srv.Spec()
	if spec == nil {
		t.Fatalf("no OpenAPI description at %s: schema checks not exercised", fakediscord.SpecPath())
	}
	t.Logf("spec loaded in %v", spec.LoadTime)
	route := "POST /channels/{channel_id}/messages"
	good := `{"content":"hi","embeds":null,"tts":false,"components":[{"type":1,"components":[{"type":2,"style":1,"label":"Throw","custom_id":"t/1"}]}],"sticker_ids":null}`
	if vs := spec.Check(route, []byte(good)); len(vs) != 0 {
		t.Errorf("valid body rejected: %v", vs)
	}
	bad := `{"content":5,"embeds":[{"title":"t","color":99999999}]}`
	vs := spec.Check(route, []byte(bad))
	if !containsViolation(vs, "[openapi] content:") || !containsViolation(vs, "[openapi] embeds.0.color:") {
		t.Errorf("invalid body: %v", vs)
	}
	button := `{"components":[{"type":1,"components":[{"type":2,"style":1,"label":"x","custom_id":""}]}]}`
	vs = spec.Check(route, []byte(button))
	if len(vs) != 1 || !containsViolation(vs, "components.0.components.0.custom_id") {
		t.Errorf("want one violation naming the custom_id, got %v", vs)
	}
}

// An archived thread, as in Discord: its messages cannot be edited, a
// message posted in it brings it back, and a locked one takes none.
func TestArchivedThread(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	first, err := s.ChannelMessageSend(srv.ChannelID(), "challenge")
	if err != nil {
		t.Fatal(err)
	}
	th, err := s.MessageThreadStartComplex(srv.ChannelID(), first.ID, &discordgo.ThreadStart{Name: "game", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	board, err := s.ChannelMessageSend(th.ID, "board")
	if err != nil {
		t.Fatal(err)
	}
	archived, unlocked := true, false
	if got, err := s.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: &archived, Locked: &unlocked}); err != nil || !got.ThreadMetadata.Archived || got.ThreadMetadata.Locked {
		t.Fatalf("archiving: %+v, %v", got, err)
	}
	if ch, _ := srv.Channel(th.ID); !ch.Archived || ch.Locked {
		t.Fatalf("the thread after archiving: %+v", ch)
	}
	if _, err := s.ChannelMessageEdit(th.ID, board.ID, "edited"); kitCode(err) != 50083 {
		t.Errorf("editing in an archived thread: %v, want 50083", err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "talk"); err != nil {
		t.Fatal(err)
	}
	if ch, _ := srv.Channel(th.ID); ch.Archived {
		t.Error("a message posted in the archived thread left it archived")
	}
	locked := true
	if _, err := s.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: &archived, Locked: &locked}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "talk"); kitCode(err) != 50083 {
		t.Errorf("posting in a locked archived thread: %v, want 50083", err)
	}
	if _, err := s.ChannelEdit(srv.ChannelID(), &discordgo.ChannelEdit{Archived: &archived}); err == nil {
		t.Error("archived a text channel")
	}
}

func kitCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Forget drops one message, or every message of a channel, and the bot
// then finds them gone: an edit is answered Unknown Message.
func TestForget(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	ch := srv.ChannelID()
	var ids []string
	for _, text := range []string{"one", "two", "three"} {
		m, err := s.ChannelMessageSend(ch, text)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	srv.Forget(ids[1])
	if got := srv.Messages(ch); len(got) != 2 || got[0].ID != ids[0] || got[1].ID != ids[2] {
		t.Fatalf("after forgetting one: %v", got)
	}
	if _, ok := srv.Message(ids[1]); ok {
		t.Error("the forgotten message is still there")
	}
	_, err := s.ChannelMessageEdit(ch, ids[1], "edited")
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeUnknownMessage {
		t.Errorf("editing a forgotten message: %v, want Unknown Message", err)
	}
	srv.Forget(ch)
	if got := srv.Messages(ch); len(got) != 0 {
		t.Errorf("after forgetting the channel: %d messages", len(got))
	}
	if _, err := s.ChannelMessageSend(ch, "after"); err != nil || len(srv.Messages(ch)) != 1 {
		t.Errorf("the channel takes messages again: %v", err)
	}
}
