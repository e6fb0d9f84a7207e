// Package games holds what the three Kilab games share: the two seats, outcomes,
// the throwing sticks (D1-D3), sentinel errors, game configurations, the Game
// and Position interfaces, the registry of engines, game records that replay, and
// the shape of a game's lesson (Teacher: each engine builds its own, one rule of
// docs/rules.md a step, from positions it accepts).
//
// The engines themselves live in sub-packages (games/aseb, games/tab, games/seega)
// and register themselves from init, as image formats do with image.RegisterFormat.
// Nothing here does I/O: randomness comes in through a Source passed by the caller,
// crypto-random in production (Crypto) and seeded in tests (Seeded), so every game
// is a replayable list of throws and moves.
package games
