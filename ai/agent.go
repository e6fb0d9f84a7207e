package ai

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"kilab/games"
)

// Agent chooses the computer's moves.
type Agent interface {
	// Choose returns a legal move, in the game's notation, for the player on move in
	// pos (pos.Due().Kind is games.DueMove). It returns by ctx's deadline with the
	// best move found so far; it returns an error only when pos has no move at all.
	Choose(ctx context.Context, pos games.Position) (string, error)
}

// Factory makes an agent for one configuration of a game. src is the agent's own
// randomness (tie breaks, random choices): crypto-random in the bot, seeded in the
// arena and in tests, so a match replays exactly. env holds what the process
// gave the computer (Env).
type Factory func(cfg games.Config, src games.Source, env Env) (Agent, error)

// Info describes a registered agent.
type Info struct {
	Name string // "hard", "greedy"
	Doc  string // one line: what it does
}

// Levels are the strengths players choose from, weakest first. Every game
// registers all three.
var Levels = []string{"easy", "medium", "hard"}

// DefaultLevel is the level of a challenge that names none.
const DefaultLevel = "medium"

type entry struct {
	Info
	make Factory
}

var (
	mu       sync.RWMutex
	registry = map[string]map[string]entry{} // game -> agent name -> entry
)

// Register makes an agent available for a game. Registering a name twice for one
// game is a programming error and panics.
func Register(game, name, doc string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	if registry[game] == nil {
		registry[game] = map[string]entry{}
	}
	if _, dup := registry[game][name]; dup {
		panic("ai: Register called twice for " + game + " " + name)
	}
	registry[game][name] = entry{Info{name, doc}, f}
}

// New makes the agent called name for game (random is there for every game),
// with no resources (Env): it searches.
func New(game, name string, cfg games.Config, src games.Source) (Agent, error) {
	return newAgent(game, name, cfg, src, Env{})
}

func newAgent(game, name string, cfg games.Config, src games.Source, env Env) (Agent, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "random" {
		return Random(src), nil
	}
	mu.RLock()
	e, ok := registry[game][name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no agent %q for %s (known: %s): %w", name, game, strings.Join(names(game), ", "), games.ErrBadConfig)
	}
	return e.make(cfg, src, env)
}

// Agents lists the agents of game, levels first, then the others by name.
func Agents(game string) []Info {
	mu.RLock()
	defer mu.RUnlock()
	out := []Info{{"random", "chooses uniformly among the legal moves"}}
	for _, e := range registry[game] {
		out = append(out, e.Info)
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := rank(out[i].Name), rank(out[j].Name)
		if ri != rj {
			return ri < rj
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// rank orders the levels first, in their own order.
func rank(name string) int {
	for i, l := range Levels {
		if l == name {
			return i
		}
	}
	return len(Levels)
}

func names(game string) []string {
	var out []string
	for _, a := range Agents(game) {
		out = append(out, a.Name)
	}
	return out
}
