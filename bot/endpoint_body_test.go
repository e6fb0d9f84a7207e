package bot

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Signed bodies that are no interaction get 400 and reach no handler: null,
// an empty object, an unknown type, one with nobody who sent it.
func TestEndpointRefusesBodiesThatAreNoInteraction(t *testing.T) {
	t.Parallel()
	b, rec, key := endpointBot(t)
	for _, body := range []string{`null`, `{}`, `{"id":"1","type":0,"token":"t"}`, `{"id":"1","type":9,"token":"t"}`,
		`{"id":"1","type":3,"token":"t","data":{"custom_id":"c/a/1","component_type":2}}`, `[]`, `"x"`} {
		if w := serve(b, signed(key, time.Now(), []byte(body))); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", body, w.Code)
		}
	}
	if ops := rec.Ops(); len(ops) != 0 || b.activeNow() != 0 {
		t.Fatalf("a body that is no interaction reached the handlers: %v", ops)
	}
}

// A /challenge whose opponent is a number, not one of the users Discord
// resolved, or whose options are of another type than the command's, is
// refused with the command's name and creates nothing.
func TestCommandOptionsOfTheWrongTypeAreRefused(t *testing.T) {
	t.Parallel()
	for name, forge := range map[string]func(o *discordgo.ApplicationCommandInteractionDataOption){
		"opponent a number":     func(o *discordgo.ApplicationCommandInteractionDataOption) { o.Value = 12345.0 },
		"opponent not resolved": func(o *discordgo.ApplicationCommandInteractionDataOption) { o.Value = "12345" },
		"opponent a string": func(o *discordgo.ApplicationCommandInteractionDataOption) {
			o.Type = discordgo.ApplicationCommandOptionString
		},
		"an option of nothing": func(o *discordgo.ApplicationCommandInteractionDataOption) { o.Name = "stakes" },
	} {
		b, rec, db := unitBot(t)
		i := payload(t, "challenge_aseb.json")
		for _, o := range i.ApplicationCommandData().Options[0].Options {
			if o.Name == "opponent" {
				forge(o)
			}
		}
		b.Handle(context.Background(), i)
		resp, ok := rec.First("respond")
		if !ok || !resp.Msg.Ephemeral || !strings.Contains(resp.Msg.Content, "options of /challenge") {
			t.Errorf("%s: answered %+v", name, resp.Msg)
		}
		if _, err := db.Challenge(context.Background(), 1); err == nil {
			t.Errorf("%s: a challenge was created", name)
		}
	}
}

// FuzzEndpoint sends the endpoint any signed body: it never panics, answers
// 200 (a PING), 202 or 400, and only a well-formed interaction gets 202.
func FuzzEndpoint(f *testing.F) {
	for _, name := range []string{"challenge_aseb.json", "click_forged.json", "autocomplete_game.json", "rules_tab.json"} {
		body, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body)
	}
	f.Add([]byte(`null`))
	f.Add([]byte(`{"id":"1","type":1,"token":"t"}`))
	b, _, key := endpointBot(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		w := serve(b, signed(key, time.Now(), body))
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest:
		case http.StatusAccepted:
			var i discordgo.Interaction
			if err := i.UnmarshalJSON(body); err != nil || !wellFormed(&i) {
				t.Fatalf("202 for %q", body)
			}
			// Handled in the background: wait, so that handlers do not pile up
			// behind the fuzzer's requests.
			for start := time.Now(); b.activeNow() > 0; time.Sleep(time.Millisecond) {
				if time.Since(start) > 10*time.Second {
					t.Fatalf("%q still handled after 10 s", body)
				}
			}
		default:
			t.Fatalf("%d for %q", w.Code, body)
		}
	})
}
