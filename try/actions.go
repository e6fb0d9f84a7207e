package try

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"kilab/internal/fakediscord"
)

// What a member does: each action goes through the fake's driver, which
// checks it as Discord checks what its client sends (a registered command
// and options, a button the member can see), and is answered when the bot
// has answered the interaction, or said to have failed as Discord says it.

// answerWait is how long an action waits for the bot's first answer: the
// fake refuses an answer after Discord's 3 seconds, so a little longer is
// enough to tell an answer from none.
const answerWait = 4 * time.Second

// notAnswered is what Discord's client shows under an interaction the bot
// did not answer in time.
const notAnswered = "The application did not respond (no answer within Discord's 3 seconds)"

// option is a command option as the page sends it: a value, or, for a
// subcommand, the options under it.
type option struct {
	Name    string   `json:"name"`
	Value   any      `json:"value"`
	Options []option `json:"options"`
	Focused bool     `json:"focused"`
}

type commandBody struct {
	User    string   `json:"user"`
	Channel string   `json:"channel"`
	Name    string   `json:"name"`
	Options []option `json:"options"`
}

type componentBody struct {
	User     string   `json:"user"`
	Message  string   `json:"message"`
	CustomID string   `json:"custom_id"`
	Values   []string `json:"values"`
}

// maxBody bounds what an action's body may be: a command with its options
// is a few hundred bytes.
const maxBody = 64 << 10

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(v); err != nil {
		refuse(w, http.StatusBadRequest, "unreadable request: "+err.Error())
		return false
	}
	return true
}

func (p *Page) command(w http.ResponseWriter, r *http.Request) {
	var b commandBody
	if !decode(w, r, &b) || p.member(w, b.User) == "" {
		return
	}
	p.answered(w, r.Context(), p.fake.Command(b.User, b.Channel, b.Name, opts(b.Options)...))
}

func (p *Page) autocomplete(w http.ResponseWriter, r *http.Request) {
	var b commandBody
	if !decode(w, r, &b) || p.member(w, b.User) == "" {
		return
	}
	ix := p.fake.Autocomplete(b.User, b.Channel, b.Name, opts(b.Options)...)
	if err := ix.Err(); err != nil {
		refuse(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), answerWait)
	defer cancel()
	choices, err := ix.Choices(ctx)
	if err != nil {
		refuse(w, http.StatusGatewayTimeout, notAnswered)
		return
	}
	reply(w, http.StatusOK, map[string]any{"choices": choices})
}

func (p *Page) click(w http.ResponseWriter, r *http.Request) {
	var b componentBody
	if !decode(w, r, &b) || p.member(w, b.User) == "" {
		return
	}
	p.answered(w, r.Context(), p.fake.Click(b.User, b.Message, b.CustomID))
}

func (p *Page) selectMenu(w http.ResponseWriter, r *http.Request) {
	var b componentBody
	if !decode(w, r, &b) || p.member(w, b.User) == "" {
		return
	}
	p.answered(w, r.Context(), p.fake.Select(b.User, b.Message, b.CustomID, b.Values...))
}

// answered waits for the bot's first answer to ix and says whether it came.
func (p *Page) answered(w http.ResponseWriter, ctx context.Context, ix *fakediscord.Interaction) {
	if err := ix.Err(); err != nil {
		refuse(w, http.StatusBadRequest, plain(err))
		return
	}
	ctx, cancel := context.WithTimeout(ctx, answerWait)
	defer cancel()
	if _, err := ix.Callback(ctx); err != nil {
		refuse(w, http.StatusGatewayTimeout, notAnswered)
		return
	}
	reply(w, http.StatusOK, map[string]bool{"ok": true})
}

// plain is the driver's error without its package's name.
func plain(err error) string {
	return strings.TrimPrefix(err.Error(), "fakediscord: ")
}

// opts turns the page's options into the driver's.
func opts(in []option) []fakediscord.Opt {
	out := make([]fakediscord.Opt, 0, len(in))
	for _, o := range in {
		switch {
		case o.Options != nil || o.Value == nil: // a subcommand, with or without options
			out = append(out, fakediscord.Sub(o.Name, opts(o.Options)...))
		case o.Focused:
			partial, _ := o.Value.(string)
			out = append(out, fakediscord.Focus(o.Name, partial))
		default:
			out = append(out, fakediscord.Arg(o.Name, o.Value))
		}
	}
	return out
}
