package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"kilab/bot/kit"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// EndpointPath is where the bot serves Discord's HTTP interactions: the
// Interactions Endpoint URL is https://your-host/interactions.
const EndpointPath = "/interactions"

// maxInteractionBody bounds what one request can make the bot read. An
// interaction is a few KiB; the largest, a click, carries its message (at
// most 10 embeds of 6,000 characters and 25 components), far below 1 MiB.
const maxInteractionBody = 1 << 20

// endpoint is the HTTP server Discord posts interactions to.
type endpoint struct {
	addr   string
	verify verifier
	srv    *http.Server
	url    string // where it listens, once it does
}

// handler routes POST /interactions; the mux answers other methods with 405
// and other paths with 404, before anything is read.
func (b *Bot) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+EndpointPath, b.serveInteraction)
	return mux
}

// serveInteraction takes one interaction from Discord. A request that is not
// signed by the application's key, or signed long ago, gets 401 and nothing
// else happens. A PING, which Discord sends when the URL is saved, is
// answered with a PONG in the response body.
//
// Every other interaction goes to Handle exactly as one from the gateway, and
// the request is answered 202 Accepted, no body, as soon as the handler has
// it: the handler then answers through the callback endpoint, deferring
// after DefaultAckBudget as it does for the gateway. Discord documents this
// pairing ("respond to the original HTTP request with a 202 and no body").
// Answering inline instead would mean holding the request open until the
// handler's first answer, a second path for every answer (and for uploads,
// which the callback takes as multipart), and a request whose lifetime
// depends on the machine's load; the 202 goes out after a signature check and
// one JSON decode, milliseconds even on a saturated machine, so Discord's
// 3 s deadline for the request is never at risk and a load balancer sees
// short requests.
func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteractionBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	case err != nil:
		http.Error(w, "could not read the request", http.StatusBadRequest)
		return
	}
	if err := b.http.verify.check(r.Header, body); err != nil {
		// Info, not Warn: Discord itself sends a badly signed request to
		// test the endpoint whenever the URL is saved.
		b.Log.Info("refused an interaction request", "err", err, "from", r.RemoteAddr)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil || !wellFormed(&i) {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"type":1}`)
		return
	}
	b.dispatch(&i)
	w.WriteHeader(http.StatusAccepted)
}

// wellFormed reports whether a decoded body is an interaction at all: one of
// the types the bot takes, with an id, and, unless it is a PING, someone who
// sent it. A body of null, or an object of nothing, decodes without error
// into an interaction of type 0, which is none.
func wellFormed(i *discordgo.Interaction) bool {
	switch i.Type {
	case discordgo.InteractionPing:
		return i.ID != ""
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete, discordgo.InteractionMessageComponent:
		return i.ID != "" && i.Token != "" && kit.UserOf(i).ID != ""
	}
	return false
}

// listen starts serving the endpoint.
func (b *Bot) listen() error {
	ln, err := net.Listen("tcp", b.http.addr)
	if err != nil {
		return fmt.Errorf("serving interactions: %w", err)
	}
	b.http.url = "http://" + ln.Addr().String() + EndpointPath
	// Timeouts keep a slow or idle client from holding a connection:
	// Discord sends a whole request at once and wants the answer in 3 s.
	b.http.srv = &http.Server{
		Handler:           b.handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(b.Log.Handler(), slog.LevelWarn),
	}
	go func() {
		if err := b.http.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			b.Log.Error("serving interactions stopped", "err", err)
		}
	}()
	return nil
}

// stopListening closes the listener and waits for the requests under way,
// which only hand their interaction over, so it is quick.
func (b *Bot) stopListening() error {
	if b.http == nil || b.http.srv == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return b.http.srv.Shutdown(ctx)
}

// InteractionsURL is where the bot serves HTTP interactions once Open has
// returned ("" in gateway mode): http://host:port/interactions.
func (b *Bot) InteractionsURL() string {
	if b.http == nil {
		return ""
	}
	return b.http.url
}

// learnSelf asks Discord who the bot is: without the gateway no READY says so.
func (b *Bot) learnSelf(ctx context.Context) error {
	u, err := b.s.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("asking Discord who the bot is: %w", err)
	}
	b.s.State.User = u
	return nil
}
