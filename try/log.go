package try

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"kilab/internal/fakediscord"
)

// Violation is a request of the bot that Discord would refuse, or a
// problem the fake found in how it was used, as the page lists them.
type Violation struct {
	At     time.Time `json:"at"`
	Method string    `json:"method,omitempty"`
	Path   string    `json:"path,omitempty"`
	Rules  []string  `json:"rules"`
}

// keptViolations bounds the list: a bot breaking a rule on every request
// must not grow the page's memory without end.
const keptViolations = 500

// Log collects violations. It is the fake's Reporter (fakediscord.Start)
// and its OnViolation, so it exists before the fake does.
type Log struct {
	log *slog.Logger

	mu    sync.Mutex
	all   []Violation
	count int // violations ever, kept or not
	stops []func()
}

// NewLog returns an empty log that also writes each violation to log.
func NewLog(log *slog.Logger) *Log { return &Log{log: log} }

// OnViolation records a request Discord would refuse.
func (l *Log) OnViolation(r *fakediscord.Request, vs []fakediscord.Violation) {
	v := Violation{At: time.Now(), Method: r.Method, Path: r.Path}
	for _, x := range vs {
		v.Rules = append(v.Rules, x.String())
	}
	l.add(v)
}

func (l *Log) add(v Violation) {
	l.log.Warn("Discord would refuse this", "method", v.Method, "path", v.Path, "rules", v.Rules)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.count++
	l.all = append(l.all, v)
	if len(l.all) > keptViolations {
		l.all = l.all[len(l.all)-keptViolations:]
	}
}

// Since returns the violations after the first n ever recorded, and how
// many were recorded in all.
func (l *Log) Since(n int) ([]Violation, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	missed := l.count - n
	if missed > len(l.all) {
		missed = len(l.all)
	}
	if missed <= 0 {
		return nil, l.count
	}
	return append([]Violation(nil), l.all[len(l.all)-missed:]...), l.count
}

// Helper is part of fakediscord.Reporter; a log has no call stack to trim.
func (l *Log) Helper() {}

// Errorf records a problem the fake found.
func (l *Log) Errorf(format string, args ...any) {
	l.add(Violation{At: time.Now(), Rules: []string{fmt.Sprintf(format, args...)}})
}

// Fatalf is called only while the fake starts, for a problem it cannot
// start with: there is nothing to show it on, so it stops the program.
func (l *Log) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// Cleanup keeps what the fake wants done when the log is closed.
func (l *Log) Cleanup(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stops = append(l.stops, f)
}

// Close runs what Cleanup kept, newest first: it stops the fake.
func (l *Log) Close() {
	l.mu.Lock()
	stops := l.stops
	l.stops = nil
	l.mu.Unlock()
	for i := len(stops) - 1; i >= 0; i-- {
		stops[i]()
	}
}
