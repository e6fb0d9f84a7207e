package games

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"kilab/lang"
)

var (
	mu       sync.RWMutex
	registry = map[string]Game{}
)

// Register makes a game available by name. Engines call it from init; registering
// the same name twice is a programming error and panics.
func Register(g Game) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[g.Name()]; dup {
		panic("games: Register called twice for " + g.Name())
	}
	registry[g.Name()] = g
}

// Lookup returns the game registered under name (case-insensitive).
func Lookup(name string) (Game, error) {
	mu.RLock()
	defer mu.RUnlock()
	g, ok := registry[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return nil, lang.Wrap(ErrBadConfig, "games.config.unknown_game", "Game", strconv.Quote(name), "Known", strings.Join(namesLocked(), ", "))
	}
	return g, nil
}

// Start looks up the game named name and returns it with its start
// position in configuration cfg.
func Start(name string, cfg Config) (Game, Position, error) {
	g, err := Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	pos, err := g.New(cfg)
	return g, pos, err
}

// Names lists the registered games in alphabetical order.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
