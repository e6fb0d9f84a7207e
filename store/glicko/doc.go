// Package glicko implements the Glicko-2 rating system as Mark Glickman's paper
// "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf) describes it,
// steps 1 to 8, with nothing added: no rating floors, no deviation caps, no
// fractional periods.
//
// Kilab treats each game as its own rating period for the two players in it
// (Game), so ratings move as soon as a game ends; Update takes any number of
// games in one period, which is how the paper's worked example is stated and
// tested. The package has no dependencies so the bot can also use it to show
// ratings (Provisional) without reaching into the store.
package glicko
