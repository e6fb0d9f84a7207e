// Package tabai is the computer's Tab: agents that plan a whole turn, and
// the judge, registered with package ai.
//
// A Tab turn throws first and moves after (T2): when the computer is asked for
// a move, every score of the turn is known. So the search is over the whole
// turn: every order of the scores and every move for each, to the turn's end
// (with a limit on the positions visited), and the position the turn leaves is
// evaluated. The opponent's reply is a matter of chance, and is weighed in
// the evaluation rather than searched: the pieces each of the opponent's
// scores could capture, times the chance that the opponent's turn holds that
// score (T2: a 1 in 2/7 of turns, a 2 in 3/5, a 3 in 2/5, a 4 or a 6 in 1/11).
//
// Levels:
//   - easy: the best-looking single move (material and progress), and a
//     random move a third of the time;
//   - medium: the whole turn planned, on material and progress;
//   - hard: the whole turn planned, on material, progress and the threats
//     the opponent's next turn brings, with weights tuned by self-play;
//   - greedy: one move at a time on material and progress, for reference.
package tabai
