package games

import (
	"fmt"
	"sort"
	"strings"
	"sync"
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
		return nil, fmt.Errorf("unknown game %q (known: %s): %w", name, strings.Join(namesLocked(), ", "), ErrBadConfig)
	}
	return g, nil
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
