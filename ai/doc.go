// Package ai is Kilab as a player: agents that choose moves for the computer
// opponent, a registry of them per game (the levels easy, medium and hard, and the
// reference agents random and greedy), and the arena that measures one agent
// against another over many seeded games.
//
// An agent only chooses moves. Throws are never its choice: whoever drives the game
// (the bot, the arena) draws them from the same source as a person's throws, so
// the computer cannot play with loaded sticks.
//
// Each game's agents live in a sub-package (ai/asebai, ai/tabai, ai/seegaai) that
// registers them from init, as the engines register themselves with games.
// Dependencies point one way: bot and cmd import ai; ai imports games. The
// sub-packages also register each game's puzzle examiner with package
// puzzles, since the search and the tables that value a puzzle's moves are
// theirs; puzzles imports ai, never the sub-packages.
package ai
