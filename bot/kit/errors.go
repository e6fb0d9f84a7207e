package kit

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

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
	{store.ErrRepeat, "err.repeat"},
	{store.ErrConflict, "err.stale_board"},
	{store.ErrExpired, "err.challenge_expired"},
	{store.ErrClosed, "err.challenge_closed"},
	{store.ErrForbidden, "err.not_yours"},
	{store.ErrNotFound, "err.not_found"},
}

// Explain returns the text a player speaking l sees for err, and whether err
// is one we expected (the rest are logged as faults). Refusals the bot and
// the engines word themselves are lang.Errors; the store's and the engines'
// sentinels have their words here.
func Explain(l *lang.Lang, err error) (string, bool) {
	var said *lang.Error
	if errors.As(err, &said) {
		return reason(l, said), true
	}
	for _, sentinel := range engineSentinels {
		if errors.Is(err, sentinel) {
			return l.T("err.not_allowed"), true // an engine refusal without words of its own
		}
	}
	for _, e := range explanations {
		if errors.Is(err, e.err) {
			return l.T(e.id), true
		}
	}
	if errors.Is(err, store.ErrOutcomeUnknown) {
		// A fault, logged as one, but "nothing was changed" may be false:
		// the database lost the commit's answer and could not say.
		return l.T("err.fault_unknown"), false
	}
	return l.T("err.fault"), false
}

// engineSentinels are the engines' refusals of what a player asked for.
var engineSentinels = []error{games.ErrIllegalMove, games.ErrBadNotation, games.ErrBadConfig}

// reason says a refusal in l. The engines word theirs as clauses, the way
// their errors read in logs and the CLI ("aseb: throw first: games: illegal
// move"); a player reads the clause as a sentence ("Throw first."). The
// bot's own refusals are sentences already.
func reason(l *lang.Lang, said *lang.Error) string {
	s := said.In(l)
	for _, sentinel := range engineSentinels {
		if errors.Is(said, sentinel) {
			return sentence(s)
		}
	}
	return s
}

// sentence starts clause s with a capital and ends it with a full stop,
// unless it ends a sentence already.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	s = string(unicode.ToUpper(r)) + s[n:]
	if last, _ := utf8.DecodeLastRuneInString(s); !strings.ContainsRune(".!?…", last) {
		s += "."
	}
	return s
}
