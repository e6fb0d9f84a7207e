package try

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net"
	"net/http"
	"sync"

	"kilab/internal/fakediscord"
)

//go:embed static
var static embed.FS

// Page is the face on one running fake.
type Page struct {
	fake *fakediscord.Server
	log  *Log
	// done ends the event streams when the page stops (Stop): a server's
	// Shutdown waits for open connections, which a stream never leaves.
	done     chan struct{}
	stopOnce sync.Once
}

// New returns the page for fake, whose violations log collects.
func New(fake *fakediscord.Server, log *Log) *Page {
	return &Page{fake: fake, log: log, done: make(chan struct{})}
}

// Stop ends the event streams; the server's RegisterOnShutdown calls it.
func (p *Page) Stop() { p.stopOnce.Do(func() { close(p.done) }) }

// Handler serves the page: every address it answers is one entry here.
func (p *Page) Handler() http.Handler {
	mux := http.NewServeMux()
	files, _ := fs.Sub(static, "static") // static/ is embedded: it is there
	mux.Handle("GET /", noStore(http.FileServerFS(files)))
	routes := []struct {
		pattern string
		h       http.HandlerFunc
	}{
		{"GET /api/world", p.world},
		{"GET /api/dm", p.dm},
		{"GET /api/messages", p.messages},
		{"GET /api/commands", p.commands},
		{"GET /api/violations", p.violations},
		{"GET /api/events", p.events},
		{"GET /att/{message}/{file}", p.attachment},
		{"POST /api/command", p.command},
		{"POST /api/autocomplete", p.autocomplete},
		{"POST /api/click", p.click},
		{"POST /api/select", p.selectMenu},
	}
	for _, r := range routes {
		mux.HandleFunc(r.pattern, r.h)
	}
	// Another site open in the same browser may not act as a member: its
	// cross-origin POSTs are refused (Sec-Fetch-Site, Origin), and so is
	// any name but a loopback one (DNS rebinding).
	return http.NewCrossOriginProtection().Handler(localOnly(guarded(mux)))
}

// guarded sends what keeps a page from running what it did not write: the
// messages' text is the bot's, and their files are served from here.
func guarded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// noStore keeps the browser from holding an old copy of the page's files
// across versions of the program: they are small, and served locally.
func noStore(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// localOnly refuses requests whose Host is not a loopback name: a web page
// elsewhere cannot drive the members through a browser on this machine by
// pointing a name of its own at 127.0.0.1.
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		if host != "127.0.0.1" && host != "localhost" && host != "::1" {
			http.Error(w, "kilab try answers on 127.0.0.1 only", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// reply writes v as JSON.
func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// refuse answers an action the fake would not send, saying why.
func refuse(w http.ResponseWriter, status int, why string) {
	reply(w, status, map[string]string{"error": why})
}
