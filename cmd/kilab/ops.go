package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
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
