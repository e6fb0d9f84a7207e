package bot

import (
	"fmt"
	"strconv"
	"strings"

	"kilab/lang"
)

// A custom_id is a path: what was clicked and everything needed to act on it,
// so handlers keep no state and buttons survive restarts.
//
//	c/a/{challenge}            accept a challenge (c/d decline, c/x cancel)
//	g/{game}/{version}/t       throw
//	g/{game}/{version}/m/{mv}  play move mv (a button)
//	g/{game}/{version}/s       play the move chosen in a select menu
//	g/{game}/{version}/p/{pre} show the moves under picker prefix pre ("" = top)
//	d/a/{game}/{version}       accept the draw offered at that version (d/d declines)
//	r/{game}                   offer a rematch of a finished game
//	l/{kind}/{offset}          a leaderboard page
//	q/y/{game}                 confirm a resignation (q/a: one that aborts; q/k keeps playing)
//	t/j/{tournament}           join a tournament (t/l leaves; t/w confirms leaving a running one)
//
// Discord caps a custom_id at 100 characters; moves and picker prefixes are short.
const maxCustomID = 100

// action is a parsed custom_id.
type action struct {
	kind    string // "c", "g", "d", "r", "l", "q" or "t"
	verb    string // a, d, x for challenges; t, m, s, p for games; a, d for draws
	id      int64  // the challenge or game; the offset of a leaderboard page
	version int64
	arg     string // the move or picker prefix; the game kind of a leaderboard
}

func drawCID(verb string, game, version int64) string {
	return fmt.Sprintf("d/%s/%d/%d", verb, game, version)
}

func rematchCID(game int64) string { return fmt.Sprintf("r/%d", game) }

func leaderboardCID(kind string, offset int) string { return fmt.Sprintf("l/%s/%d", kind, offset) }

func challengeCID(verb string, id int64) string { return fmt.Sprintf("c/%s/%d", verb, id) }

func gameCID(game, version int64, verb, arg string) string {
	s := fmt.Sprintf("g/%d/%d/%s", game, version, verb)
	if verb == "m" || verb == "p" {
		s += "/" + arg
	}
	return s
}

// errForged is what a custom_id we did not make gets.
var errForged error = lang.Fail("act.forged")

func parseAction(s string) (action, error) {
	if len(s) > maxCustomID {
		return action{}, errForged
	}
	f := strings.SplitN(s, "/", 5)
	switch {
	case len(f) == 3 && f[0] == "c" && strings.Contains("adx", f[1]) && len(f[1]) == 1:
		id, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || id <= 0 {
			return action{}, errForged
		}
		return action{kind: "c", verb: f[1], id: id}, nil
	case len(f) >= 4 && f[0] == "g":
		return parseGameAction(f)
	case len(f) == 4 && f[0] == "d" && (f[1] == "a" || f[1] == "d"):
		id, err1 := strconv.ParseInt(f[2], 10, 64)
		ver, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 != nil || err2 != nil || id <= 0 || ver < 0 {
			return action{}, errForged
		}
		return action{kind: "d", verb: f[1], id: id, version: ver}, nil
	case len(f) == 2 && f[0] == "r":
		id, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || id <= 0 {
			return action{}, errForged
		}
		return action{kind: "r", id: id}, nil
	case len(f) == 3 && f[0] == "q" && (f[1] == "y" || f[1] == "a" || f[1] == "k"):
		id, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || id <= 0 {
			return action{}, errForged
		}
		return action{kind: "q", verb: f[1], id: id}, nil
	case len(f) == 3 && f[0] == "t" && (f[1] == "j" || f[1] == "l" || f[1] == "w"):
		id, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || id <= 0 {
			return action{}, errForged
		}
		return action{kind: "t", verb: f[1], id: id}, nil
	case len(f) == 3 && f[0] == "l":
		off, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || off < 0 || off > 1_000_000 {
			return action{}, errForged
		}
		return action{kind: "l", arg: f[1], id: off}, nil
	}
	return action{}, errForged
}

func parseGameAction(f []string) (action, error) {
	id, err1 := strconv.ParseInt(f[1], 10, 64)
	ver, err2 := strconv.ParseInt(f[2], 10, 64)
	if err1 != nil || err2 != nil || id <= 0 || ver < 0 {
		return action{}, errForged
	}
	a := action{kind: "g", verb: f[3], id: id, version: ver}
	switch {
	case (a.verb == "t" || a.verb == "s") && len(f) == 4:
	case a.verb == "m" && len(f) == 5 && f[4] != "":
		a.arg = f[4]
	case a.verb == "p" && len(f) == 5:
		a.arg = f[4]
	default:
		return action{}, errForged
	}
	return a, nil
}
