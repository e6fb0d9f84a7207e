// Package tabai is the computer's Tab: agents that plan a whole turn, and
// the judge, registered with package ai.
//
// A Tab turn throws first and moves after (T2): when the computer is asked for
// a move, every score of the turn is known. So the search is over the whole
// turn: every order of the scores and every move for each, to the turn's end
// (with a limit on the positions visited), and the position the turn leaves is
// evaluated.
//
// Hard then looks past its turn: the four endings that evaluate best are
// played on against the opponent's likely turns (a 2 or a 3, or a 1, 4 or 6
// and then a 2 or 3: 86% of all turns, each weighted by its chance), each
// planned by the opponent on the same evaluation, and the ending best on
// average after the reply is chosen. The evaluation counts what each side's
// next turn threatens: the pieces each score could capture, times the chance
// that the turn holds that score (T2: a 1 in 2/7 of turns, a 2 in 3/5, a 3 in
// 2/5, a 4 or a 6 in 1/11).
//
// Levels:
//   - easy: the best-looking single move (material and progress), and a
//     random move a third of the time;
//   - medium: the whole turn planned, on material and progress;
//   - hard: the whole turn planned on the learned evaluation (learned.go,
//     features.go: a network trained by TD(λ) over self-played games, kilab
//     train, embedded as tab.knn), its best endings played on against the
//     opponent's likely turns, the opponent choosing on the network too;
//   - classic, for reference: hard before it learned, the whole turn planned
//     on material, progress and threats, its best endings played on against
//     the opponent's reply; the weights were chosen by self-play (TestTune);
//   - greedy: one move at a time on material and progress, for reference.
//
// The judge (reviews, analysis, the puzzles' chances) is the network too:
// the chance of the player on move is the network's at the start of a
// turn, the best ending's once the turn's scores are thrown, and the mean
// over the next throws between them; then sharpened (its log-odds times
// judgeSharpness), which makes the chances calibrated: checked against
// games, in each tenth within 3 points of the share won (docs/ai.md).
//
// Puzzles (puzzle.go, registered with package puzzles): the first move of a
// turn of at most three scores after which the mover is two pieces up at
// the end of the opponent's reply, found by a search deeper than hard's
// (every plan of the turn, every ending against the reply's turns of up to
// three throws, 95% of them), where no other first move keeps that gain;
// failing that, as Aseb's are, the first move whose winning chance, as the
// judge gives it, leads every other's by 10 points.
package tabai
