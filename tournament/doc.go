// Package tournament pairs and scores server tournaments, with no storage
// and no Discord: a round robin's schedule (the circle method), a Swiss
// round's pairing, and the standings with their tie-breaks. The store keeps
// what is paired and played; the bot shows it.
//
// Scoring is the usual one: a win 1 point, a draw 1/2, a loss 0. A Swiss bye
// scores 1 (the odd player out could not play through no fault of theirs); a
// round robin's bye is a rest round and scores nothing, as everyone rests
// once. Tie-breaks: Sonneborn-Berger in a round robin (the points of the
// players you beat, and half of those you drew with), Buchholz in a Swiss
// (the points of all your opponents).
package tournament
