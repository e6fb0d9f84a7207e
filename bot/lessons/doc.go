// Package lessons is /learn: a game's lesson, one rule of the rulebook a
// step, each on a small real position drawn as the board's picture, with a
// sentence and the move the step asks for among a few wrong ones. A wrong
// move is answered with the rule that forbids it (the engine's own refusal
// where the rules forbid it, the lesson's words where it is legal but not
// what the step asks); the right one goes on to the next step. The last
// step offers a first game against the computer at the easy level.
//
// What a lesson teaches is each game's own knowledge (games.Teacher, in the
// game's package); only the games whose lesson covers their whole rulebook
// implement it, and /learn offers those alone (Taught).
//
// The way in is Lessons: Learn answers the command, Click a step's button;
// Command defines /learn. A step's state is all in its button's custom_id
// (the game, the step, the lesson's version), so a restart loses nothing,
// and a button drawn from another version of the lesson is refused with a
// word of explanation. Lessons are ephemeral and write nothing: of the store
// they use nothing, of Discord they only answer the interaction. A step's
// picture is drawn once per language and kept in memory, as the lessons are
// the same for everyone while the bot runs. The first
// game's button is the challenge feature's (kit.FirstGameCID), which the
// route table wires; this package knows no other feature.
package lessons
