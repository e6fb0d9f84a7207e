package kit

import (
	"fmt"
	"kilab/lang"
	"strconv"
	"sync"
)

// A custom_id is a path: what was clicked and everything needed to act on it,
// so handlers keep no state and buttons survive restarts. Its first element
// is the route's kind; the rest is the route's shape:
//
//	c/{verb}/{challenge}       accept a challenge (a), decline (d), cancel (x)
//	g/{game}/{version}/t       throw
//	g/{game}/{version}/m/{mv}  play move mv (a button)
//	g/{game}/{version}/s       play the move chosen in a select menu
//	g/{game}/{version}/p/{pre} show the moves under picker prefix pre ("" = top)
//	d/{verb}/{game}/{version}  accept (a) or decline (d) the draw offered at that version
//	r/{game}                   offer a rematch of a finished game
//	l/{kind}/{offset}          a leaderboard page
//	b/{book}/{page}            a page of /rules: a game's rulebook (aseb, tab, seega) or the notation guide (notation)
//	q/{verb}/{game}            confirm a resignation (y), one that aborts (a), keep playing (k)
//	t/{verb}/{tournament}      join a tournament (j), leave (l), confirm leaving a running one (w)
//	a/{verb}/{game}/{version}  place this turn's pieces at random (p, Seega S2)
//	n/{kind}/{step}/{lesson}/{choice}  a lesson's step: show it (s), or answer it with its choice 0-24
//	v/{kind}                   a first game against the computer at the easy level, from a lesson's end
//	p/{puzzle}/{move}          answer a puzzle (its stable id) with its move-th move
//
// Buttons already posted carry these ids for as long as their messages live,
// so a shape may gain verbs but never change.
//
// Discord caps a custom_id at 100 characters; moves and picker prefixes are short.
const MaxCustomID = 100

// Action is a parsed custom_id.
type Action struct {
	Kind    string // the route: "c", "g", "d", "r", "l", "b", "q", "t", "a", "n", "v" or "p"
	Verb    string // what to do, one of the route's verbs; a lesson's choice
	ID      int64  // the challenge, game or tournament; the offset of a leaderboard page, the page of a book, a lesson's step
	Version int64  // a game's position; a lesson's content (games.Lesson.Version)
	Arg     string // the move or picker prefix; the game kind of a leaderboard, a lesson or a first game; the book of /rules; a puzzle's id
}

// IDShape reads and writes the part of a custom_id after its kind.
type IDShape struct {
	Parse  func(f []string, a *Action) bool // f: the fields after the kind
	Format func(a Action) string
}

var (
	VerbThenID = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) != 2 {
				return false
			}
			a.Verb = f[0]
			return positive(f[1], &a.ID)
		},
		Format: func(a Action) string { return fmt.Sprintf("%s/%d", a.Verb, a.ID) },
	}
	VerbIDVersion = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) != 3 {
				return false
			}
			a.Verb = f[0]
			return positive(f[1], &a.ID) && natural(f[2], &a.Version)
		},
		Format: func(a Action) string { return fmt.Sprintf("%s/%d/%d", a.Verb, a.ID, a.Version) },
	}
	IDOnly = IDShape{
		Parse:  func(f []string, a *Action) bool { return len(f) == 1 && positive(f[0], &a.ID) },
		Format: func(a Action) string { return fmt.Sprint(a.ID) },
	}
	PageShape = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) != 2 {
				return false
			}
			a.Arg = f[0]
			return natural(f[1], &a.ID) && a.ID <= 1_000_000
		},
		Format: func(a Action) string { return fmt.Sprintf("%s/%d", a.Arg, a.ID) },
	}
	// LessonShape names a step of a game's lesson, the lesson's version and
	// what the click does: "s" shows the step, a number answers it with that
	// choice.
	LessonShape = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) != 4 || !kindName(f[0]) || !natural(f[1], &a.ID) || !natural(f[2], &a.Version) || !lessonChoice(f[3]) {
				return false
			}
			a.Arg, a.Verb = f[0], f[3]
			return true
		},
		Format: func(a Action) string { return fmt.Sprintf("%s/%d/%d/%s", a.Arg, a.ID, a.Version, a.Verb) },
	}
	// KindShape names a game kind alone.
	KindShape = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) != 1 || !kindName(f[0]) {
				return false
			}
			a.Arg = f[0]
			return true
		},
		Format: func(a Action) string { return a.Arg },
	}
	// gameShape puts the verb after the version; a move or a picker prefix
	// (which may hold "/") comes last.
	GameShape = IDShape{
		Parse: func(f []string, a *Action) bool {
			if len(f) < 3 || !positive(f[0], &a.ID) || !natural(f[1], &a.Version) {
				return false
			}
			a.Verb = f[2]
			switch {
			case (a.Verb == "t" || a.Verb == "s") && len(f) == 3:
			case a.Verb == "m" && len(f) == 4 && f[3] != "":
				a.Arg = f[3]
			case a.Verb == "p" && len(f) == 4:
				a.Arg = f[3]
			default:
				return false
			}
			return true
		},
		Format: func(a Action) string {
			s := fmt.Sprintf("%d/%d/%s", a.ID, a.Version, a.Verb)
			if a.Verb == "m" || a.Verb == "p" {
				s += "/" + a.Arg
			}
			return s
		},
	}
)

// kindName reports whether s could be a game's name: a few lower-case
// letters. Whether it is one is the handler's question.
func kindName(s string) bool {
	if s == "" || len(s) > 16 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// lessonChoice reports whether s is a lesson click's verb: "s", or a choice
// 0-24 written as the bot writes it.
func lessonChoice(s string) bool {
	if s == "s" {
		return true
	}
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0 && n < MaxOptions && strconv.Itoa(n) == s
}

func positive(s string, n *int64) bool {
	v, err := strconv.ParseInt(s, 10, 64)
	*n = v
	return err == nil && v > 0
}

func natural(s string, n *int64) bool {
	v, err := strconv.ParseInt(s, 10, 64)
	*n = v
	return err == nil && v >= 0
}

// shapes are the custom_id shapes by kind, as the router's table gives them
// (RegisterShape): buttons are made here, in every feature, and read there.
var shapes sync.Map // kind -> IDShape

// RegisterShape makes kind's custom_ids read and written by shape. The
// router registers every kind of its table at start.
func RegisterShape(kind string, shape IDShape) { shapes.Store(kind, shape) }

// CustomID is the custom_id of a, through its kind's shape.
func (a Action) CustomID() string {
	shape, ok := shapes.Load(a.Kind)
	if !ok {
		panic("kit: no shape for custom_id kind " + strconv.Quote(a.Kind))
	}
	return a.Kind + "/" + shape.(IDShape).Format(a)
}

// ErrForged is what a custom_id the bot did not make gets.
var ErrForged error = lang.Fail("act.forged")

// The custom_ids the bot makes, each through its kind's shape.

func ChallengeCID(verb string, id int64) string {
	return Action{Kind: "c", Verb: verb, ID: id}.CustomID()
}

func GameCID(game, version int64, verb, arg string) string {
	return Action{Kind: "g", ID: game, Version: version, Verb: verb, Arg: arg}.CustomID()
}

func DrawCID(verb string, game, version int64) string {
	return Action{Kind: "d", Verb: verb, ID: game, Version: version}.CustomID()
}

func RematchCID(game int64) string { return Action{Kind: "r", ID: game}.CustomID() }

func LeaderboardCID(kind string, offset int) string {
	return Action{Kind: "l", Arg: kind, ID: int64(offset)}.CustomID()
}

// RulesCID is the button that shows page (from 0) of /rules' book: a game's
// name or "notation".
func RulesCID(book string, page int) string {
	return Action{Kind: "b", Arg: book, ID: int64(page)}.CustomID()
}

// PuzzleCID answers puzzle id with its move-th move.
func PuzzleCID(id string, move int) string {
	return Action{Kind: "p", Arg: id, ID: int64(move)}.CustomID()
}

// DailyPuzzleCID answers puzzle id with its move-th move from a daily
// puzzle's post in a channel: the answer is the clicker's alone, and the
// post keeps its buttons for the others.
func DailyPuzzleCID(id string, move int) string {
	return Action{Kind: "pd", Arg: id, ID: int64(move)}.CustomID()
}

func ResignCID(verb string, game int64) string {
	return Action{Kind: "q", Verb: verb, ID: game}.CustomID()
}

func TournamentCID(verb string, id int64) string {
	return Action{Kind: "t", Verb: verb, ID: id}.CustomID()
}

// RandomPlaceCID is the button that places the player's pieces of this turn
// at random, on the board of game at version.
func RandomPlaceCID(game, version int64) string {
	return Action{Kind: "a", Verb: "p", ID: game, Version: version}.CustomID()
}

// LessonCID is the button of a lesson of kind at step, of the lesson whose
// version is version: verb "s" shows the step, a choice number answers it.
func LessonCID(kind string, step int, version int64, verb string) string {
	return Action{Kind: "n", Arg: kind, ID: int64(step), Version: version, Verb: verb}.CustomID()
}

// FirstGameLevel is the computer's level of a first game (FirstGameCID).
const FirstGameLevel = "easy"

// FirstGameCID is the button that starts a first game of kind against the
// computer at the easy level.
func FirstGameCID(kind string) string { return Action{Kind: "v", Arg: kind}.CustomID() }
