package bot

import (
	"context"
	"errors"
	"regexp"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"kilab/bot/ratelimit"
	"kilab/store"
)

// Interaction outcomes, as the metrics count them.
const (
	outcomeOK        = "ok"
	outcomeUserError = "user_error" // explained to the player: a stale board, a bad option
	outcomeFault     = "fault"      // Kilab's side failed: logged, and the player told so
	outcomeRefused   = "refused"    // arrived while the bot was closing
	outcomeRepeat    = "repeat"     // a copy of an interaction already applied: nothing done again
)

// latencyBuckets are for Discord's 3 s deadline: fine below the half second
// after which the acker defers (DefaultAckBudget), then around 1 s, which
// the README promises, and 3 s, where Discord gives up.
var latencyBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, .75, 1, 1.5, 2, 2.5, 3, 5, 10}

// metrics are the bot's Prometheus metrics, in a registry of its own so that
// tests (and one process's several bots) do not collide in the global one.
type metrics struct {
	reg           *prometheus.Registry
	interactions  *prometheus.CounterVec
	latency       *prometheus.HistogramVec
	commits       *prometheus.CounterVec
	announcements *prometheus.CounterVec
	dmFailures    *prometheus.CounterVec
	requests      *prometheus.CounterVec
	moveRequests  *prometheus.CounterVec
	sweepLag      prometheus.Gauge
	sweepTook     prometheus.Gauge
	sweptAt       prometheus.Gauge
}

func newMetrics(db *store.DB) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_interactions_total",
			Help: "Interactions handled, by type (command, component, autocomplete), name and outcome (ok, user_error, fault, refused, repeat)."},
			[]string{"type", "name", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "kilab_interaction_duration_seconds",
			Help: "Time from receiving an interaction to its handler returning, by type and name.", Buckets: latencyBuckets},
			[]string{"type", "name"}),
		commits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_commits_total",
			Help: "Changes to games in play, by what happened (move, throw, forced, resign, timeout, draw, abort, end) and result (ok, conflict, error)."},
			[]string{"what", "result"}),
		announcements: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_announcements_total",
			Help: "Announcement delivery attempts, by kind and outcome (sent, skipped, held, retried, given_up; held: for the reader's quiet hours)."},
			[]string{"kind", "outcome"}),
		dmFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_dm_failures_total",
			Help: "Direct messages Discord refused, by reason (closed: error 50007; other)."},
			[]string{"reason"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_discord_requests_total",
			Help: "REST requests to Discord, by route (a template: \"PATCH /channels/:id/messages/:id\") and status (\"error\": no answer)."},
			[]string{"route", "status"}),
		moveRequests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kilab_delivery_requests_total",
			Help: "Discord requests made delivering announcements, by kind: those of board, turn_dm and retire over the boards sent are a move's cost."},
			[]string{"kind"}),
		sweepLag: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kilab_sweep_lag_seconds",
			Help: "How long the oldest deadline or reminder the last sweep found had been due (0: none was)."}),
		sweepTook: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kilab_sweep_duration_seconds",
			Help: "How long the last sweep of deadlines, reminders and expiries took."}),
		sweptAt: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kilab_sweep_last_run_timestamp_seconds",
			Help: "When the last sweep ended, Unix time: a stalled scheduler shows as an old value."}),
	}
	m.reg.MustRegister(m.interactions, m.latency, m.commits, m.announcements, m.dmFailures, m.requests, m.moveRequests,
		m.sweepLag, m.sweepTook, m.sweptAt, gamesInPlay{db}, newDBFaults(db),
		goCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// goCollector is Go's usual set, with the heap live after the last collection
// (go_gc_heap_live_bytes) added: it is what a leak grows, where the usual set's
// next goal also moves with the stacks and what is in flight at a collection.
func goCollector() prometheus.Collector {
	return collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
		collectors.GoRuntimeMetricsRule{Matcher: regexp.MustCompile(`^/gc/heap/live:bytes$`)}))
}

// watch reports how many requests wait for lim, by whether they tell
// players something (urgent) or tidy up (background); nil: no limit.
func (m *metrics) watch(lim *ratelimit.Limiter) {
	if lim == nil {
		return
	}
	for _, kind := range []string{"urgent", "background"} {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kilab_discord_requests_waiting",
			Help: "REST requests waiting for the bot's own limit on Discord requests, by kind (urgent, background).", ConstLabels: prometheus.Labels{"kind": kind}},
			func() float64 {
				all, background := lim.Waiting()
				if kind == "background" {
					return float64(background)
				}
				return float64(all - background)
			}))
	}
}

// interaction counts one handled interaction and how long it took.
func (m *metrics) interaction(typ, name, outcome string, took time.Duration) {
	m.interactions.WithLabelValues(typ, name, outcome).Inc()
	// A refusal's time says nothing of the handlers, and a repeat's answer
	// waits for the first copy's on purpose (answerRepeatLater).
	if outcome != outcomeRefused && outcome != outcomeRepeat {
		m.latency.WithLabelValues(typ, name).Observe(took.Seconds())
	}
}

// commit counts one commit by what it did and how it went.
func (m *metrics) commit(c store.Commit, err error) {
	result := "ok"
	switch {
	case errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFinished):
		result = "conflict" // someone else's commit won the race: expected, and telling
	case errors.Is(err, store.ErrRepeat):
		result = "repeat" // a copy of an interaction whose commit is in already
	case err != nil:
		result = "error"
	}
	m.commits.WithLabelValues(commitKind(c), result).Inc()
}

// commitKind names what a commit did. A commit that ends the game by a move
// is a move; ends without plies are named by their reason.
func commitKind(c store.Commit) string {
	switch {
	case c.Moved:
		return "move"
	case len(c.Plies) > 0 && onlyThrows(c):
		return "throw"
	case len(c.Plies) > 0:
		return "forced" // passes and moves the server played by itself
	case c.End == nil:
		return "other"
	}
	switch c.End.Reason {
	case store.ReasonResignation:
		return "resign"
	case store.ReasonTimeout:
		return "timeout"
	case store.ReasonAgreement:
		return "draw"
	case store.ReasonAbort:
		return "abort"
	}
	return "end"
}

func onlyThrows(c store.Commit) bool {
	for _, p := range c.Plies {
		if p.Move != "" {
			return false
		}
	}
	return true
}

// swept records a sweep: how long it took, and how overdue the oldest item
// it found was (zero time: nothing was due).
func (m *metrics) swept(took time.Duration, lag time.Duration, end time.Time) {
	m.sweepTook.Set(took.Seconds())
	m.sweepLag.Set(max(lag, 0).Seconds())
	m.sweptAt.Set(float64(end.UnixMilli()) / 1000)
}

// gamesInPlay reads the number of games in play per game kind from the
// database at scrape time: one indexed count, so scrapes stay cheap and the
// value is never stale.
type gamesInPlay struct{ db *store.DB }

var gamesInPlayDesc = prometheus.NewDesc("kilab_games_in_play", "Games in play, by game.", []string{"game"}, nil)

func (g gamesInPlay) Describe(ch chan<- *prometheus.Desc) { ch <- gamesInPlayDesc }

func (g gamesInPlay) Collect(ch chan<- prometheus.Metric) {
	if g.db == nil { // unit tests may build a bot without a database
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := g.db.GamesInPlay(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(gamesInPlayDesc, err)
		return
	}
	for kind, n := range counts {
		ch <- prometheus.MustNewConstMetric(gamesInPlayDesc, prometheus.GaugeValue, float64(n), kind)
	}
}
