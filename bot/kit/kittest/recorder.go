package kittest

import (
	"encoding/json"
	"fmt"
	"kilab/bot/kit"
	"os"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Recorder is a Discord that records what the handlers send.
type Recorder struct {
	mu    sync.Mutex
	Calls []Call
	next  int
}

type Call struct {
	Op      string // respond, original, send, edit, dm, thread, register
	Typ     discordgo.InteractionResponseType
	Channel string
	Msg     *kit.Message
}

// Record records c as sent and returns a message id for it.
func (r *Recorder) Record(c Call) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Calls = append(r.Calls, c)
	r.next++
	return fmt.Sprintf("15%017d", r.next) // a snowflake-shaped message id
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
	return &discordgo.Message{ID: r.Record(Call{Op: "send", Channel: channelID, Msg: m}), ChannelID: channelID}, nil
}
func (r *Recorder) Edit(channelID, messageID string, m *kit.Message) error {
	r.Record(Call{Op: "edit", Channel: channelID, Msg: m})
	return nil
}
func (r *Recorder) DMChannel(userID string) (string, error) {
	r.Record(Call{Op: "dm", Channel: userID})
	return "dm-" + userID, nil
}
func (r *Recorder) Thread(channelID, messageID, name string) (string, error) {
	return r.Record(Call{Op: "thread", Channel: channelID}), nil
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
