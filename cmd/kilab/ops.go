package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// opsServer serves the bot's operator endpoints (bot.Ops) on METRICS_ADDR.
type opsServer struct {
	srv  *http.Server
	addr net.Addr // where it listens: tests ask for port 0
	done chan struct{}
}

// serveOps listens on addr at once, so that a port already taken fails the
// start rather than a scrape later, and serves h until close.
func serveOps(addr string, h http.Handler, log *slog.Logger) (*opsServer, error) {
	return listen(addr, &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}, "/metrics, /healthz and /readyz", log)
}

// listen listens on addr at once and serves srv there until close; what
// names it in the log.
func listen(addr string, srv *http.Server, what string, log *slog.Logger) (*opsServer, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	o := &opsServer{srv: srv, addr: ln.Addr(), done: make(chan struct{})}
	go func() {
		defer close(o.done)
		if err := o.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("serving "+what, "addr", o.addr, "err", err)
		}
	}()
	log.Info("serving "+what, "addr", o.addr)
	return o, nil
}

// close stops the server, letting a scrape under way finish briefly.
func (o *opsServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = o.srv.Shutdown(ctx)
	<-o.done
}

// opsHandler is what METRICS_ADDR serves: the bot's endpoints, and Go's
// profiles where the settings ask for them.
func (m *Main) opsHandler(ops http.Handler) http.Handler {
	if m.Settings.profiles {
		return withProfiles(ops)
	}
	return ops
}

// withProfiles serves Go's profiles (net/http/pprof) under /debug/pprof/
// beside h, for an operator chasing memory or time (PPROF=on: heap
// profiles are how the soak's growth is read). They show the program's
// insides, and anyone who reaches them can start a CPU profile or a trace
// as long as they like, so they are off unless asked for.
func withProfiles(h http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("POST /debug/pprof/symbol", pprof.Symbol) // how go tool pprof asks
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	mux.Handle("/", h)
	return mux
}
