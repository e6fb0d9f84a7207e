package asebai

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"time"

	"kilab/ai"
	"kilab/games"
)

// Tables are the solved tables the computer plays Aseb from: loaded from a
// folder (the bot's is next to its database) when there, and otherwise
// solved in the background, one at a time, the first time a game needs one;
// until then the agents and the judge search instead. A table is written
// whole or not at all (Table.Save), so a crash mid-solve leaves nothing
// half-written to load. They reach the agents through ai.Env (With): a nil
// *Tables is none, and the agents search.
type Tables struct {
	sync.Mutex
	dir      string // "": no tables, search only
	logf     func(msg string, args ...any)
	loaded   map[string]*Table
	refused  map[string]bool // solved and still unusable: not tried again
	queue    []games.Config
	building bool
}

// OpenTables are the tables in dir, solving those missing in the background
// as games need them; logf (nil: none) hears of loads and solves. An empty
// dir is no tables: nil.
func OpenTables(dir string, logf func(msg string, args ...any)) *Tables {
	if dir == "" {
		return nil
	}
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &Tables{dir: dir, logf: logf, loaded: map[string]*Table{}, refused: map[string]bool{}}
}

// With is env with ts as Aseb's resource, for the agents and the judge.
func (ts *Tables) With(env ai.Env) ai.Env { return env.With("aseb", ts) }

// TablesIn are the tables env holds for Aseb, or nil.
func TablesIn(env ai.Env) *Tables {
	ts, _ := env.For("aseb").(*Tables)
	return ts
}

// For returns cfg's table if it is loaded or on disk; otherwise nil, and
// its solve is queued. Nil tables have none.
func (ts *Tables) For(cfg games.Config) *Table {
	if ts == nil {
		return nil
	}
	cfg, _, err := solvable(cfg)
	if err != nil {
		return nil // 7 pieces: search
	}
	return ts.get(cfg)
}

func (ts *Tables) get(cfg games.Config) *Table {
	key := cfg.String()
	ts.Lock()
	defer ts.Unlock()
	if t, ok := ts.loaded[key]; ok || ts.dir == "" || ts.refused[key] {
		return t
	}
	path := filepath.Join(ts.dir, FileName(cfg))
	t, err := Load(path, cfg)
	switch {
	case err == nil:
		ts.loaded[key] = t
		ts.logf("Aseb table loaded", "config", key, "path", path)
		return t
	case !errors.Is(err, fs.ErrNotExist):
		ts.logf("Aseb table refused; solving it again", "config", key, "err", err)
	}
	ts.enqueue(cfg)
	return nil
}

// enqueue adds cfg to the solves waiting and starts the solver if it is
// idle. The caller holds the lock.
func (ts *Tables) enqueue(cfg games.Config) {
	if slices.ContainsFunc(ts.queue, func(c games.Config) bool { return c.String() == cfg.String() }) {
		return
	}
	ts.queue = append(ts.queue, cfg)
	if !ts.building {
		ts.building = true
		go ts.solveQueue()
	}
}

// solveQueue solves the queued tables one after the other, on a thread of
// the lowest priority, so that it takes only the CPU nothing else wants.
func (ts *Tables) solveQueue() {
	runtime.LockOSThread() // the priority below is the thread's
	defer runtime.UnlockOSThread()
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
	for {
		ts.Lock()
		if len(ts.queue) == 0 {
			ts.building = false
			ts.Unlock()
			return
		}
		cfg, dir := ts.queue[0], ts.dir
		ts.Unlock()
		ts.solveOne(cfg, dir)
		ts.Lock()
		ts.queue = ts.queue[1:]
		ts.Unlock()
	}
}

func (ts *Tables) solveOne(cfg games.Config, dir string) {
	key, began := cfg.String(), time.Now()
	ts.logf("solving an Aseb table in the background; the computer searches until it is done", "config", key)
	t, st, err := Solve(cfg, 1, nil) // one core: this thread, at the lowest priority
	if err == nil {
		if err = os.MkdirAll(dir, 0o755); err == nil {
			err = t.Save(filepath.Join(dir, FileName(cfg)))
		}
	}
	ts.Lock()
	defer ts.Unlock()
	if err != nil {
		ts.refused[key] = true
		ts.logf("solving an Aseb table failed; the computer keeps searching", "config", key, "err", err)
		return
	}
	ts.loaded[key] = t
	ts.logf("Aseb table solved", "config", key, "took", time.Since(began).Round(time.Second), "residual", st.Residual)
}

// Has reports whether cfg's table is loaded or can be loaded now from the
// tables' folder, without queueing a solve.
func (ts *Tables) Has(cfg games.Config) bool {
	cfg, _, err := solvable(cfg)
	if ts == nil || err != nil {
		return false
	}
	ts.Lock()
	_, loaded := ts.loaded[cfg.String()]
	ts.Unlock()
	if loaded {
		return true
	}
	if _, err := os.Stat(filepath.Join(ts.dir, FileName(cfg))); err != nil {
		return false
	}
	return ts.get(cfg) != nil
}
