// Package learn is an evaluation learned by playing: a small neural network
// (inputs from a position, one hidden layer, one output: the chance that the
// side to move wins) and its training by temporal differences over
// self-played games, TD(λ) as TD-Gammon learned backgammon.
//
// It knows no game. A game's agent package (ai/tabai, ai/seegaai) says what
// the inputs of a position are, plays the games, and hands each game's
// positions and result to a Trainer; the network it learns is a file (Save,
// Load) that the binary embeds.
//
// Everything is plain Go in float64, and every random choice comes from the
// seed, so that a training run given the same seed and the same games writes
// the same file on the same machine.
package learn
