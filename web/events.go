package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// gameEvents is a game's live stream (Server-Sent Events): an event
// "version" with the game's version whenever it changes, which the page
// answers by reading itself again. It polls the store's version of the
// game (one indexed read), so a move committed by any copy of the bot on
// the same database shows within a poll; ?v= is the version the page
// shows, so a move made while the stream opened is not missed. A stream
// ends after Config.Stream, or once the game is over; the browser opens
// another by itself where it must.
func (s *Server) gameEvents(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	g, err := s.visible(r.Context(), token)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	client := clientOf(r)
	if !s.live.take(client) {
		w.Header().Set("Retry-After", "10")
		http.Error(w, "too many live pages open", http.StatusTooManyRequests)
		return
	}
	defer s.live.done(client)
	seen, err := strconv.ParseInt(r.URL.Query().Get("v"), 10, 64)
	if err != nil {
		seen = g.Version
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	fmt.Fprint(w, "retry: 2000\n\n")
	flusher.Flush()
	s.follow(w, r, flusher, token, seen, g.Active())
}

// follow writes a version event whenever the game's version differs from
// seen, until the stream's time is up, the client leaves, or the game ends.
func (s *Server) follow(w http.ResponseWriter, r *http.Request, f http.Flusher, token string, seen int64, active bool) {
	ctx := r.Context()
	end := time.After(s.cfg.Stream)
	tick := time.NewTicker(s.cfg.Poll)
	defer tick.Stop()
	for quiet := 0; ; quiet++ {
		v, err := s.db.GameVersion(ctx, token)
		switch {
		case err != nil:
			return
		case v != seen:
			fmt.Fprintf(w, "event: version\ndata: %d\n\n", v)
			f.Flush()
			seen, quiet = v, 0
		case quiet > 0 && quiet%15 == 0:
			fmt.Fprint(w, ": still here\n\n") // keeps proxies from closing an idle stream
			f.Flush()
		}
		if !active {
			return // a finished game changes no more
		}
		select {
		case <-ctx.Done():
			return
		case <-end:
			return
		case <-tick.C:
		}
	}
}
