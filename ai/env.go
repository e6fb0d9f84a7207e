package ai

import (
	"maps"

	"kilab/games"
)

// Env is what the process gives the computer beyond a game's configuration:
// resources that some games' agents and judges use, by game name (Aseb's
// solved tables). The caller builds it and passes it down, so that what the
// computer knows is a value, not a setting of the process: two bots in one
// process may have different ones. The zero Env has none, and every agent
// searches.
type Env struct{ res map[string]any }

// With is e with r as game's resource; the game's agent package says what
// it takes.
func (e Env) With(game string, r any) Env {
	m := maps.Clone(e.res)
	if m == nil {
		m = map[string]any{}
	}
	m[game] = r
	return Env{res: m}
}

// For is game's resource, or nil.
func (e Env) For(game string) any { return e.res[game] }

// Agent makes the agent called name for game (random is there for every
// game), with e's resources.
func (e Env) Agent(game, name string, cfg games.Config, src games.Source) (Agent, error) {
	return newAgent(game, name, cfg, src, e)
}

// Judge makes the judge of game for cfg, with e's resources.
func (e Env) Judge(game string, cfg games.Config) (Judge, error) {
	return newJudge(game, cfg, e)
}
