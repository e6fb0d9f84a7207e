package games

import (
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"

	"kilab/lang"
)

// A lesson walks a new player through a game one rule at a time (/learn):
// each step is a small real position with a throw made, a sentence, and the
// move the step asks for among a few wrong ones. What a step teaches is the
// game's own knowledge, so each engine builds its lesson from positions it
// accepts; the bot only shows it.

// Teacher is implemented by games whose lesson covers every rule of their
// part of the rulebook (docs/rules.md). A game without a complete lesson
// does not implement it, and /learn does not offer it.
type Teacher interface {
	Lesson() (Lesson, error)
}

// Lesson is a game's steps, in the order a player takes them.
type Lesson struct {
	Steps []Step
}

// Step is one position of a lesson.
type Step struct {
	// Rules are the rulebook ids the step teaches ("A6", "D2").
	Rules []string
	// Config is the variant the position is played under.
	Config Config
	// Pos is the position, a move due: built by the engine, never written
	// as a picture.
	Pos Position
	// Before is the position the throws were made from, and Throws those
	// throws, for the picture's sticks (Tab's opening voids some, T10).
	Before Position
	Throws []Throw
	// Say is the sentence that teaches the rule and names the move asked.
	Say lang.Text
	// Ask is the move the step asks for, in notation: a legal move of Pos.
	Ask string
	// Offers are the wrong moves shown beside Ask.
	Offers []Offer
}

// Offer is a wrong move a step shows beside the one it asks for.
type Offer struct {
	Move string // in notation
	// Rule is the rule that makes Move wrong here.
	Rule string
	// Why says why Move, a legal move, is not the one asked. An illegal
	// move has none: the engine's refusal says why.
	Why lang.Text
}

// ErrNoLesson: the game has no complete lesson.
var ErrNoLesson = errors.New("games: no lesson")

// LessonOf is g's lesson, or ErrNoLesson.
func LessonOf(g Game) (Lesson, error) {
	t, ok := g.(Teacher)
	if !ok {
		return Lesson{}, fmt.Errorf("%s: %w", g.Name(), ErrNoLesson)
	}
	return t.Lesson()
}

// Choices are the moves a step shows, the asked one among the offers, in
// the order of their notation, so that the right one is not always first.
func (s Step) Choices() []string {
	out := []string{s.Ask}
	for _, o := range s.Offers {
		out = append(out, o.Move)
	}
	slices.Sort(out)
	return out
}

// Offer is the offer of move, false for the asked move or one not offered.
func (s Step) Offer(move string) (Offer, bool) {
	for _, o := range s.Offers {
		if o.Move == move {
			return o, true
		}
	}
	return Offer{}, false
}

// Version names the lesson's content: a button drawn from another version
// of it (the lesson changed since) names another step than its player saw.
func (l Lesson) Version() int64 {
	h := crc32.NewIEEE()
	for _, s := range l.Steps {
		fmt.Fprintf(h, "%s|%s|%v|%s|%v|%s|", strings.Join(s.Rules, ","), s.Config.Variant, s.Config.Options, s.Pos, s.Throws, s.Ask)
		for _, o := range s.Offers {
			fmt.Fprintf(h, "%s:%s;", o.Move, o.Rule)
		}
	}
	return int64(h.Sum32())
}

// StepAt is a step's position: pos as parsed under cfg, then the throws,
// each applied by the engine, which refuses any it would not take; the
// step's words and moves are the caller's to fill in.
func StepAt(g Game, cfg Config, pos string, throws ...Throw) (Step, error) {
	cfg, err := Normalize(g, cfg)
	if err != nil {
		return Step{}, err
	}
	before, err := g.Parse(cfg, pos)
	if err != nil {
		return Step{}, err
	}
	p := before
	for _, t := range throws {
		if p, err = p.Throw(t); err != nil {
			return Step{}, err
		}
	}
	if p.Due().Kind != DueMove {
		return Step{}, fmt.Errorf("%s: lesson position %q waits for no move", g.Name(), pos)
	}
	return Step{Config: cfg, Before: before, Pos: p, Throws: throws}, nil
}
