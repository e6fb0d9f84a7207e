package games

import "errors"

// Sentinel errors. Engines wrap them with the reason, for example
//
//	fmt.Errorf("aseb: cell 8 holds your own piece: %w", games.ErrIllegalMove)
//
// so that callers can tell the kind of mistake with errors.Is and still show the
// player why.
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
