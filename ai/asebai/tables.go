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

	"kilab/games"
)

// tableStore is the bot's tables: loaded from a folder next to its database
// when there, and otherwise solved in the background, one at a time, the
// first time a game needs one; until then the agents and the judge search
// instead. A table is written whole or not at all (Table.Save), so a crash
// mid-solve leaves nothing half-written to load.
type tableStore struct {
	sync.Mutex
	dir      string // "": no tables, search only
	logf     func(msg string, args ...any)
	loaded   map[string]*Table
	refused  map[string]bool // solved and still unusable: not tried again
	queue    []games.Config
	building bool
}

var tables = &tableStore{loaded: map[string]*Table{}, refused: map[string]bool{}, logf: func(string, ...any) {}}

// UseTables makes the agents and the judge use the tables in dir, solving
// those missing in the background as games need them; logf hears of loads
// and solves. An empty dir turns tables off.
func UseTables(dir string, logf func(msg string, args ...any)) {
	tables.Lock()
	defer tables.Unlock()
	tables.dir = dir
	if logf != nil {
		tables.logf = logf
	}
}

// tableFor returns cfg's table if it is loaded or on disk; otherwise nil,
// and its solve is queued.
func tableFor(cfg games.Config) *Table {
	cfg, _, err := solvable(cfg)
	if err != nil {
		return nil // 7 pieces: search
	}
	return tables.get(cfg)
}

func (ts *tableStore) get(cfg games.Config) *Table {
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
func (ts *tableStore) enqueue(cfg games.Config) {
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
func (ts *tableStore) solveQueue() {
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

func (ts *tableStore) solveOne(cfg games.Config, dir string) {
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

// HasTable reports whether cfg's table is loaded or can be loaded now from
// the folder UseTables gave, without queueing a solve.
func HasTable(cfg games.Config) bool {
	cfg, _, err := solvable(cfg)
	if err != nil {
		return false
	}
	tables.Lock()
	_, loaded := tables.loaded[cfg.String()]
	dir := tables.dir
	tables.Unlock()
	if loaded {
		return true
	}
	if dir == "" {
		return false
	}
	if _, err := os.Stat(filepath.Join(dir, FileName(cfg))); err != nil {
		return false
	}
	return tables.get(cfg) != nil
}
