package games

import "errors"

// Sentinel errors. Engines wrap them with the reason, worded as a catalog
// message (package lang) so that a player reads it in their own language, for
// example
//
//	fmt.Errorf("aseb: %w", lang.Wrap(games.ErrIllegalMove, "aseb.why.no_piece", "Cell", 8))
//
// so that callers can tell the kind of mistake with errors.Is, find the
// reason with errors.As (*lang.Error) and still log it in English: the Error
// text reads "aseb: you have no piece on cell 8: games: illegal move". The
// reason is a clause, as a log line has it; whoever shows it to a player
// makes it a sentence.
var (
	// ErrIllegalMove: the move or throw is well formed but the rules forbid it now.
	ErrIllegalMove = errors.New("games: illegal move")
	// ErrNotYourTurn: someone other than the player on move tried to act.
	ErrNotYourTurn = errors.New("games: not your turn")
	// ErrGameOver: the game has ended; nothing more can be played.
	ErrGameOver = errors.New("games: game over")
	// ErrBadNotation: a position, move or record could not be read.
	ErrBadNotation = errors.New("games: bad notation")
	// ErrBadConfig: an unknown game, variant or option, or an option on the wrong variant.
	ErrBadConfig = errors.New("games: bad configuration")
	// ErrRevisionTooNew: a record holds a ply played under rules newer than this
	// program's engine (see Revised).
	ErrRevisionTooNew = errors.New("games: rules revision too new")
)
