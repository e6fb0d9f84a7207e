package kittest

import (
	"encoding/json"
	"fmt"
	"kilab/bot/kit"
	"net/http"
	"os"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Recorder is a Discord that records what the handlers send. It also keeps
// the messages sent to channels as Discord would, edits applied, so that
// Fetch and Held read them back.
type Recorder struct {
	mu    sync.Mutex
	Calls []Call
	next  int
	held  map[string]Held
	// Before, when set, sees each send, edit, fetch and archive before it
	// takes effect (outside the lock, so it may act on the bot's store, as
	// a player clicking at that moment would); an error it returns is
	// Discord's answer instead.
	Before func(Call) error
}

type Call struct {
	Op      string // respond, original, send, edit, fetch, archive, dm, thread, register
	Typ     discordgo.InteractionResponseType
	Channel string
	Message string // the message an edit or fetch is about
	Msg     *kit.Message
	ID      string // the id Record gave the call: a sent message's
}

// Held is a channel message as the Recorder holds it now.
type Held struct {
	Channel string
	Msg     kit.Message
	Edits   int
}

// Record records c as sent and returns a message id for it.
func (r *Recorder) Record(c Call) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.next++
	c.ID = fmt.Sprintf("15%017d", r.next) // a snowflake-shaped message id
	r.Calls = append(r.Calls, c)
	return c.ID
}

// before runs Before on c, if set.
func (r *Recorder) before(c Call) error {
	if r.Before == nil {
		return nil
	}
	return r.Before(c)
}

// Held returns the message id as it stands now, and false when it was
// never sent to a channel.
func (r *Recorder) Held(id string) (Held, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.held[id]
	return h, ok
}

// hold keeps a copy of m, sent as id in channel.
func (r *Recorder) hold(id, channel string, m *kit.Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.held == nil {
		r.held = map[string]Held{}
	}
	r.held[id] = Held{Channel: channel, Msg: *m}
}

// apply edits the message id as Discord does: an update of the controls
// alone (ComponentsOnly) keeps the rest; any other edit replaces the text,
// embeds, controls and files.
func (r *Recorder) apply(id string, m *kit.Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, ok := r.held[id]
	if !ok {
		return
	}
	switch {
	case m.ComponentsOnly:
		h.Msg.Components = m.Components
		if m.Content != "" {
			h.Msg.Content = m.Content
		}
	default:
		h.Msg.Content, h.Msg.Embeds, h.Msg.Components, h.Msg.Files = m.Content, m.Embeds, m.Components, m.Files
	}
	h.Edits++
	r.held[id] = h
}

func (r *Recorder) Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) error {
	r.Record(Call{Op: "respond", Typ: typ, Msg: m})
	return nil
}
func (r *Recorder) Original(i *discordgo.Interaction) (*discordgo.Message, error) {
	return &discordgo.Message{ID: "1500000000000000999", ChannelID: i.ChannelID}, nil
}
func (r *Recorder) EditOriginal(i *discordgo.Interaction, m *kit.Message) error {
	r.Record(Call{Op: "original", Msg: m})
	return nil
}
func (r *Recorder) DeleteOriginal(i *discordgo.Interaction) error {
	r.Record(Call{Op: "delete-original"})
	return nil
}
func (r *Recorder) Followup(i *discordgo.Interaction, m *kit.Message) error {
	r.Record(Call{Op: "followup", Msg: m})
	return nil
}
func (r *Recorder) Send(channelID string, m *kit.Message) (*discordgo.Message, error) {
	c := Call{Op: "send", Channel: channelID, Msg: m}
	if err := r.before(c); err != nil {
		return nil, err
	}
	id := r.Record(c)
	r.hold(id, channelID, m)
	return &discordgo.Message{ID: id, ChannelID: channelID}, nil
}
func (r *Recorder) Edit(channelID, messageID string, m *kit.Message) error {
	c := Call{Op: "edit", Channel: channelID, Message: messageID, Msg: m}
	if err := r.before(c); err != nil {
		return err
	}
	r.Record(c)
	r.apply(messageID, m)
	return nil
}

// Fetch returns a held message with its embeds, controls and files (as
// attachments named like them); one never sent to a channel is Discord's
// Unknown Message.
func (r *Recorder) Fetch(channelID, messageID string) (*discordgo.Message, error) {
	c := Call{Op: "fetch", Channel: channelID, Message: messageID}
	if err := r.before(c); err != nil {
		return nil, err
	}
	r.Record(c)
	h, ok := r.Held(messageID)
	if !ok || h.Channel != channelID {
		return nil, DiscordError(404, kit.CodeUnknownMessage)
	}
	msg := &discordgo.Message{ID: messageID, ChannelID: channelID, Content: h.Msg.Content, Embeds: h.Msg.Embeds, Components: h.Msg.Components}
	for _, f := range h.Msg.Files {
		msg.Attachments = append(msg.Attachments, &discordgo.MessageAttachment{Filename: f.Name, ContentType: f.ContentType})
	}
	return msg, nil
}

func (r *Recorder) ArchiveThread(threadID string) error {
	c := Call{Op: "archive", Channel: threadID}
	if err := r.before(c); err != nil {
		return err
	}
	r.Record(c)
	return nil
}

// DiscordError is the error discordgo returns for Discord's answer status
// with its JSON error code.
func DiscordError(status, code int) error {
	return &discordgo.RESTError{Response: &http.Response{StatusCode: status}, Message: &discordgo.APIErrorMessage{Code: code, Message: http.StatusText(status)}}
}

// DMChannel opens the user's DM channel, "dm-" and their id, unless Before
// says otherwise.
func (r *Recorder) DMChannel(userID string) (string, error) {
	c := Call{Op: "dm", Channel: userID}
	if err := r.before(c); err != nil {
		return "", err
	}
	r.Record(c)
	return "dm-" + userID, nil
}
func (r *Recorder) Thread(channelID, messageID, name string) (string, error) {
	c := Call{Op: "thread", Channel: channelID, Message: messageID}
	if err := r.before(c); err != nil {
		return "", err
	}
	return r.Record(c), nil
}
func (r *Recorder) UserName(userID string) (string, error) {
	r.Record(Call{Op: "user", Channel: userID})
	return "user " + userID, nil
}
func (r *Recorder) RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	r.Record(Call{Op: "register", Channel: guildID})
	return nil
}

func (r *Recorder) Ops() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, c := range r.Calls {
		out = append(out, c.Op)
	}
	return out
}

func (r *Recorder) First(op string) (Call, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.Calls {
		if c.Op == op {
			return c, true
		}
	}
	return Call{}, false
}

// Payload reads a recorded interaction from the file at path.
func Payload(t testing.TB, path string) *discordgo.Interaction {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(data, &i); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &i
}

// Click is the recorded click at path with another custom_id.
func Click(t testing.TB, path, customID string) *discordgo.Interaction {
	i := Payload(t, path)
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	return i
}
