package bot

import (
	"errors"
	"fmt"
	"strings"

	"kilab/games"
	"kilab/store"
)

// userError is an error whose text is meant for the player as it is.
type userError struct{ text string }

func (e userError) Error() string { return e.text }

func userf(format string, a ...any) error { return userError{fmt.Sprintf(format, a...)} }

// explanations is the one table from known errors to what a player reads. The
// order matters: the first match wins.
var explanations = []struct {
	err  error
	text string
}{
	{games.ErrNotYourTurn, "It is not your turn."},
	{games.ErrGameOver, "This game is over."},
	{store.ErrFinished, "This game is over."},
	{store.ErrConflict, "This board is out of date: the game has moved on. The latest board is in the game's thread (or use /board)."},
	{store.ErrExpired, "This challenge has expired: challenges last 24 hours."},
	{store.ErrClosed, "This challenge is no longer open."},
	{store.ErrForbidden, "This is not yours to answer."},
	{store.ErrNotFound, "I could not find that game or challenge."},
}

// explain returns the text a player sees for err, and whether err is one we
// expected (the rest are logged as faults).
func explain(err error) (string, bool) {
	var ue userError
	if errors.As(err, &ue) {
		return ue.text, true
	}
	for _, sentinel := range []error{games.ErrIllegalMove, games.ErrBadNotation, games.ErrBadConfig} {
		if errors.Is(err, sentinel) {
			return reason(err, sentinel), true
		}
	}
	for _, e := range explanations {
		if errors.Is(err, e.err) {
			return e.text, true
		}
	}
	return "Something went wrong on Kilab's side and nothing was changed. Please try again in a moment.", false
}

// reason turns an engine error ("aseb: with a 4 ...: games: illegal move") into
// a sentence ("With a 4 ...").
func reason(err, sentinel error) string {
	s := strings.TrimSuffix(err.Error(), ": "+sentinel.Error())
	for _, name := range games.Names() {
		s = strings.TrimPrefix(s, name+": ")
	}
	if s == "" {
		return "That is not allowed."
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}
