package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// readyTimeout bounds the database check of a readiness probe: a database
// that takes longer is as good as down to whoever is waiting on the bot.
const readyTimeout = 2 * time.Second

// Ready reports whether the bot can serve players: Open has finished, the
// gateway is connected (in endpoint mode there is none to need), the bot is
// not closing, and the database answers a trivial query. The error says
// which is not so.
func (b *Bot) Ready(ctx context.Context) error {
	b.gate.Lock()
	closing := b.closing
	b.gate.Unlock()
	switch {
	case closing:
		return errors.New("closing")
	case !b.opened.Load():
		return errors.New("not connected to Discord yet")
	case b.http == nil && int(b.shardsUp.Load()) < len(b.gw):
		return errors.New("disconnected from the Discord gateway")
	}
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if _, err := b.DB.SchemaVersion(ctx); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	return nil
}

// Ops serves the operator's endpoints: /metrics (Prometheus), /healthz
// (liveness: the process answers) and /readyz (readiness: see Ready; 503 with
// the reason otherwise).
func (b *Bot) Ops() http.Handler {
	mux := http.NewServeMux()
	// ContinueOnError: a metric that cannot be read (games in play while the
	// database is down) must not hide all the others.
	mux.Handle("GET /metrics", promhttp.HandlerFor(b.met.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if err := b.Ready(r.Context()); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	return mux
}
