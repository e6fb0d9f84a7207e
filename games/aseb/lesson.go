package aseb

import (
	"kilab/games"
	"kilab/lang"
)

// lessonStep is a step of Aseb's lesson as written here: a position before
// its throw, the throw, and what the step asks. Lesson builds each through
// the engine, so a step the rules would not reach fails to build.
type lessonStep struct {
	rules   []string
	variant string
	pos     string // before the throw: "c:2 s:3 c:throw"
	throw   games.Throw
	say     lang.Text // the step's sentence
	ask     string
	offers  []games.Offer
}

// legalWrong is an offer the rules allow but the step does not ask for,
// with the words that say why.
func legalWrong(move, rule string, why lang.Text) games.Offer {
	return games.Offer{Move: move, Rule: rule, Why: why}
}

// illegal is an offer the rules forbid; the engine says why.
func illegal(move, rule string) games.Offer { return games.Offer{Move: move, Rule: rule} }

// lessonSteps are Aseb's lesson, every rule of A1-A12 and D1-D5 in turn,
// the cones (seat 0) on move: standard first, then what the other variants
// change.
var lessonSteps = []lessonStep{
	{rules: []string{"A3", "D1", "D2", "D3"}, pos: "c:- s:- c:throw", throw: 2, say: lang.T("learn.aseb.start"),
		ask: "in-2", offers: []games.Offer{illegal("in-1", "A5"), illegal("pass", "A4")}},
	{rules: []string{"A4", "A5", "D4"}, pos: "c:2 s:- c:throw", throw: 3, say: lang.T("learn.aseb.enter"),
		ask: "in-3", offers: []games.Offer{legalWrong("2-5", "A5", lang.T("learn.aseb.why.enter_asked")), illegal("in-2", "A5")}},
	{rules: []string{"A1"}, pos: "c:2 s:3 c:throw", throw: 3, say: lang.T("learn.aseb.lane"),
		ask: "2-5", offers: []games.Offer{legalWrong("in-3", "A1", lang.T("learn.aseb.why.lane_asked")), illegal("3-6", "A1")}},
	{rules: []string{"A2", "A11"}, pos: "c:5 s:10 c:throw", throw: 3, say: lang.T("learn.aseb.house"),
		ask: "5-8", offers: []games.Offer{legalWrong("in-3", "A11", lang.T("learn.aseb.why.no_house"))}},
	{rules: []string{"A9"}, pos: "c:6 s:9 c:throw", throw: 3, say: lang.T("learn.aseb.capture"),
		ask: "6x9", offers: []games.Offer{legalWrong("in-3", "A9", lang.T("learn.aseb.why.no_capture"))}},
	{rules: []string{"A6"}, pos: "c:5,7 s:- c:throw", throw: 4, say: lang.T("learn.aseb.stop_short"),
		ask: "5-6", offers: []games.Offer{illegal("5-9", "A6"), legalWrong("in-4", "A6", lang.T("learn.aseb.why.stop_asked"))}},
	{rules: []string{"A10"}, pos: "c:16+2 s:11 c:throw", throw: 3, say: lang.T("learn.aseb.exact"),
		ask: "in-3", offers: []games.Offer{illegal("16-off", "A10")}},
	{rules: []string{"A12"}, pos: "c:16+4 s:9,13 c:throw", throw: 1, say: lang.T("learn.aseb.win"),
		ask: "16-off", offers: []games.Offer{illegal("pass", "A4")}},
	{rules: []string{"A7"}, variant: "twenty-squares", pos: "c:5,7 s:- c:throw", throw: 4, say: lang.T("learn.aseb.no_passing"),
		ask: "7-11", offers: []games.Offer{illegal("5-9", "A7"), illegal("5-6", "A7")}},
	{rules: []string{"A8"}, variant: "royalur", pos: "c:4,5,6 s:8 c:throw", throw: 2, say: lang.T("learn.aseb.royal"),
		ask: "5-7", offers: []games.Offer{illegal("4-6", "A8"), illegal("6-8", "A8")}},
	{rules: []string{"D5"}, variant: "twenty-squares", pos: "c:5 s:9 c:throw", throw: 0, say: lang.T("learn.aseb.passing"),
		ask: "pass", offers: []games.Offer{illegal("5-6", "A4")}},
}

// Lesson is Aseb's lesson (games.Teacher), built through the engine.
func (g Game) Lesson() (games.Lesson, error) {
	var l games.Lesson
	for _, s := range lessonSteps {
		step, err := games.StepAt(g, games.Config{Variant: s.variant}, s.pos, s.throw)
		if err != nil {
			return games.Lesson{}, err
		}
		step.Rules, step.Say, step.Ask, step.Offers = s.rules, s.say, s.ask, s.offers
		l.Steps = append(l.Steps, step)
	}
	return l, nil
}
