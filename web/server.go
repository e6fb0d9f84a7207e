package web

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/lru"
	"kilab/store"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config is what the pages need besides the store.
type Config struct {
	// PublicURL is where players reach the pages ("https://kilab.example"),
	// for the absolute addresses Open Graph wants; "" leaves them relative.
	PublicURL string
	// Log hears what went wrong; nil logs nothing.
	Log *slog.Logger
	// Poll is how often a live page's stream looks for a new version of its
	// game; 0 is a second.
	Poll time.Duration
	// Stream bounds how long one live stream stays open before the browser
	// opens another; 0 is ten minutes.
	Stream time.Duration
	// Rate and Burst bound each client's requests (a second, and at once);
	// 0 takes 20 and 80.
	Rate, Burst float64
	// Computer judges finished games for their reviews (Aseb's solved
	// tables, where the bot has them).
	Computer ai.Env
	// ReviewWait is how long a finished game's page waits for its review
	// before it is shown saying the review is being made; 0 is two seconds.
	ReviewWait time.Duration
}

// Server serves the pages.
type Server struct {
	db     *store.DB
	cfg    Config
	log    *slog.Logger
	mux    *http.ServeMux
	tmpl   *template.Template
	static *assets
	boards *lru.Cache[[]byte] // board pictures, by game, step, language (and version, for the last)
	pages  *lru.Cache[packed] // game pages, by game, version, language and step
	// reviews are finished games' reviews, by game and version; reviewing
	// lets one be made at a time, so that a crowd opening a finished game
	// makes it once and costs the bot one core at most.
	reviews   *lru.Cache[*ai.Review]
	docs      map[string]packed // the rulebook and the notation guide's pages, by file
	puzzles   puzzleSet         // the starter set's puzzles
	making    once[[]byte]      // pictures being made
	paging    once[packed]      // pages being made
	reviewing chan struct{}
	jobs      map[string]*reviewJob // reviews being made, by the reviews' key
	jobsMu    sync.Mutex
	// judge is the judge of a configuration's games: Config.Computer's, or
	// a test's own.
	judge func(kind string, cfg games.Config) (ai.Judge, error)
	base  context.Context // what reviews made in the background live in (HTTPServer)
	limit *limiter
	live  *streams // the live streams open
}

// New returns the pages of db's games as an http.Handler.
func New(db *store.DB, cfg Config) *Server {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Stream <= 0 {
		cfg.Stream = 10 * time.Minute
	}
	if cfg.Rate <= 0 {
		cfg.Rate, cfg.Burst = 20, 80
	}
	if cfg.ReviewWait <= 0 {
		cfg.ReviewWait = reviewWait
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	s := &Server{db: db, cfg: cfg, log: cfg.Log, mux: http.NewServeMux(), static: loadAssets(),
		boards: lru.New[[]byte](1024, time.Hour), pages: lru.New[packed](256, time.Minute),
		reviews: lru.New[*ai.Review](256, time.Hour), reviewing: make(chan struct{}, 1), limit: newLimiter(cfg.Rate, cfg.Burst, 10000),
		live: newStreams(8, 5000), jobs: map[string]*reviewJob{}, judge: cfg.Computer.Judge, base: context.Background()}
	s.tmpl = template.Must(template.New("").Funcs(template.FuncMap{"asset": s.static.path, "inc": func(i int) int { return i + 1 }}).ParseFS(templateFS, "templates/*.html"))
	s.docs, s.puzzles = s.renderDocs(), loadPuzzles()
	for _, r := range s.routes() {
		s.mux.HandleFunc(r.pattern, r.handle)
	}
	return s
}

// route is one address the pages answer: a ServeMux pattern (GET answers
// HEAD too) and its handler.
type route struct {
	pattern string
	handle  http.HandlerFunc
}

// routes is every address the pages answer; anything else is 404, and a
// method other than GET or HEAD is 405.
func (s *Server) routes() []route {
	return []route{
		{"GET /g/{token}", s.gamePage},
		{"GET /g/{token}/board/{ply}", s.boardPicture},
		{"GET /g/{token}/events", s.gameEvents},
		{"GET /g/{token}/review.png", s.reviewChart},
		{"GET /g/{token}/record.txt", s.recordFile},
		{"GET /g/{token}/replay.gif", s.replayGIF},
		{"GET /docs/{file}", s.docsPage},
		{"GET /puzzle/{id}", s.puzzlePage},
		{"GET /t/{id}", s.tournamentPage},
		{"GET /u/{guild}/{user}", s.playerPage},
		{"GET /puzzle/{id}/board.png", s.puzzleBoard},
		{"GET /static/{file}", s.static.serve},
		{"GET /robots.txt", robots},
		{"/", http.NotFound},
	}
}

// csp allows the page its own styles, scripts, pictures and stream, and
// nothing else: no inline script or style, no other site, no frames.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// maxURL bounds a request's address; longer ones are refused before routing.
const maxURL = 512

// ServeHTTP answers a request: headers every answer carries, the client's
// rate, the methods, then the route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer") // a game's address is its key
	h.Set("X-Frame-Options", "DENY")
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	case len(r.URL.RequestURI()) > maxURL || r.ContentLength > 0:
		http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
	case !s.limit.allow(clientOf(r), time.Now()):
		h.Set("Retry-After", "1")
		http.Error(w, "too many requests", http.StatusTooManyRequests)
	default:
		s.mux.ServeHTTP(w, r)
	}
}

// robots keeps crawlers off every page: they are for those given a link.
func robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("User-agent: *\nDisallow: /\n"))
}

// failed answers a request that could not be served, to be kept by no
// cache: 404 for what does not exist (or is not to be shown), 503 for a
// review still being made (the page's script asks again), 500 for the
// rest, which is logged and never shown.
func (s *Server) failed(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Set("Cache-Control", "no-store")
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, errHidden) {
		http.NotFound(w, r)
		return
	}
	if errors.Is(err, errReviewPending) {
		w.Header().Set("Retry-After", "5")
		http.Error(w, "the review is being made", http.StatusServiceUnavailable)
		return
	}
	if errors.Is(err, context.Canceled) {
		return // the client went away
	}
	s.log.Error("web page", "path", r.URL.Path, "err", err)
	http.Error(w, "something went wrong", http.StatusInternalServerError)
}

// errHidden: the page exists but its server shows nothing on the web.
var errHidden = errors.New("web: the server shows nothing on the web")

// HTTPServer is the pages as an http.Server, its headers and their time
// bounded as the interactions endpoint bounds them. Requests live in base,
// so that live streams end when it does: Shutdown waits for them; reviews
// being made in the background end with it too. Call it before serving.
func (s *Server) HTTPServer(base context.Context) *http.Server {
	s.base = base
	return &http.Server{Handler: s, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10,
		BaseContext: func(net.Listener) context.Context { return base }}
}

// isNotFound says err is the store's "no such row".
func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
