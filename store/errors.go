package store

import "errors"

// Sentinel errors. The store wraps them with what was asked for, for example
//
//	fmt.Errorf("game %d at version %d, not %d: %w", id, have, want, store.ErrConflict)
//
// so the bot can map each kind to the sentence a player sees with errors.Is.
var (
	// ErrNotFound: no challenge, game or rating with that id.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: the game moved on since the caller read it (its version
	// changed), so the click that carried the old version changes nothing.
	ErrConflict = errors.New("store: game has moved on")
	// ErrFinished: the game is over; nothing more can be committed to it.
	ErrFinished = errors.New("store: game is over")
	// ErrClosed: the challenge was already accepted, declined, cancelled or expired.
	ErrClosed = errors.New("store: challenge is closed")
	// ErrExpired: the challenge's time to be accepted has passed.
	ErrExpired = errors.New("store: challenge has expired")
	// ErrForbidden: that user may not do that (accept their own challenge,
	// accept or decline a challenge meant for someone else).
	ErrForbidden = errors.New("store: not allowed")
	// ErrInvalid: the caller passed something the store cannot keep (a bad seat,
	// plies without a position, an unknown result). It is a bug in the caller.
	ErrInvalid = errors.New("store: invalid input")
	// ErrSchemaTooNew: the database was written by a newer Kilab; this program
	// will not touch it rather than misread it.
	ErrSchemaTooNew = errors.New("store: database schema is newer than this program")
)

// ErrRepeat: the interaction was applied already, by an earlier copy of it
// that Discord or a load balancer delivered (see Once); nothing of this copy
// was kept.
var ErrRepeat = errors.New("store: interaction already applied")
