package bot

import (
	"errors"
	"strings"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// explanations is the one table from known errors to what a player reads
// (catalog ids). The order matters: the first match wins.
var explanations = []struct {
	err error
	id  string
}{
	{games.ErrNotYourTurn, "err.not_your_turn"},
	{games.ErrGameOver, "err.game_over"},
	{store.ErrFinished, "err.game_over"},
	{store.ErrConflict, "err.stale_board"},
	{store.ErrExpired, "err.challenge_expired"},
	{store.ErrClosed, "err.challenge_closed"},
	{store.ErrForbidden, "err.not_yours"},
	{store.ErrNotFound, "err.not_found"},
}

// explain returns the text a player speaking l sees for err, and whether err
// is one we expected (the rest are logged as faults). Refusals the bot and
// the engines word themselves are lang.Errors; the store's and the engines'
// sentinels have their words here.
func explain(l *lang.Lang, err error) (string, bool) {
	var said *lang.Error
	if errors.As(err, &said) {
		return said.In(l), true
	}
	var ue userError
	if errors.As(err, &ue) {
		return ue.text, true
	}
	for _, sentinel := range []error{games.ErrIllegalMove, games.ErrBadNotation, games.ErrBadConfig} {
		if errors.Is(err, sentinel) {
			return reason(l, err, sentinel), true
		}
	}
	for _, e := range explanations {
		if errors.Is(err, e.err) {
			return l.T(e.id), true
		}
	}
	return l.T("err.fault"), false
}

// reason turns an engine error the engine did not word as a lang.Error
// ("aseb: with a 4 ...: games: illegal move") into a sentence ("With a 4
// ..."), or, when it has no words of its own, says the move is not allowed.
func reason(l *lang.Lang, err, sentinel error) string {
	s := strings.TrimSuffix(err.Error(), ": "+sentinel.Error())
	for _, name := range games.Names() {
		s = strings.TrimPrefix(s, name+": ")
	}
	if s == "" || s == err.Error() {
		return l.T("err.not_allowed")
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}
