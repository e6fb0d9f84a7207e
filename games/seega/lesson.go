package seega

import (
	"kilab/games"
	"kilab/lang"
)

// lessonStep is a step of Seega's lesson as written here: a position on the
// 5x5 board in notation and what the step asks. Lesson builds each through
// the engine, so a step the rules would not reach fails to build.
type lessonStep struct {
	rules  []string
	pos    string
	say    lang.Text
	ask    string
	offers []games.Offer
}

func legalWrong(move, rule string, why lang.Text) games.Offer {
	return games.Offer{Move: move, Rule: rule, Why: why}
}

func illegal(move, rule string) games.Offer { return games.Offer{Move: move, Rule: rule} }

// lessonSteps are Seega's lesson, every rule of S1-S8 and D5 in turn, light
// on move.
var lessonSteps = []lessonStep{
	{rules: []string{"S1", "S2"}, pos: "...../...../...../...../..... L place hand=12/12",
		say: lang.T("learn.seega.place"), ask: "B2+D4", offers: []games.Offer{illegal("C3+D4", "S2"), illegal("B2+B2", "S2")}},
	{rules: []string{"S3"}, pos: "...../...D./...../.L.../..... L move quiet=0",
		say: lang.T("learn.seega.step"), ask: "B2-B3", offers: []games.Offer{illegal("B2-C3", "S3"), illegal("B2-B4", "S3")}},
	{rules: []string{"S4"}, pos: "...../.DL../L..../...../....D L move quiet=0",
		say: lang.T("learn.seega.capture"), ask: "A3-A4", offers: []games.Offer{legalWrong("C4-C5", "S4", lang.T("learn.seega.why.no_capture"))}},
	{rules: []string{"S5"}, pos: "L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1",
		say: lang.T("learn.seega.chain"), ask: "C2-D2", offers: []games.Offer{legalWrong("stop", "S5", lang.T("learn.seega.why.stop")), illegal("A2-A1", "S5")}},
	{rules: []string{"S6"}, pos: "...../.L.../...../...../....D L move quiet=8 last=B4<B3*4",
		say: lang.T("learn.seega.shuttle"), ask: "B4-C4", offers: []games.Offer{illegal("B4-B3", "S6")}},
	{rules: []string{"S7", "D5"}, pos: "DLL../LL.../L..../...../..... L move quiet=3 open",
		say: lang.T("learn.seega.blocked"), ask: "xA4", offers: []games.Offer{illegal("A3-A2", "S7"), illegal("xC5", "S7")}},
	{rules: []string{"S8"}, pos: "...../.DL../L..../...../..... L move quiet=0",
		say: lang.T("learn.seega.end"), ask: "A3-A4", offers: []games.Offer{legalWrong("C4-C5", "S8", lang.T("learn.seega.why.goes_on"))}},
}

// Lesson is Seega's lesson (games.Teacher), built through the engine.
func (g Game) Lesson() (games.Lesson, error) {
	var l games.Lesson
	for _, s := range lessonSteps {
		step, err := games.StepAt(g, games.Config{Options: map[string]string{"size": "5"}}, s.pos)
		if err != nil {
			return games.Lesson{}, err
		}
		step.Rules, step.Say, step.Ask, step.Offers = s.rules, s.say, s.ask, s.offers
		l.Steps = append(l.Steps, step)
	}
	return l, nil
}
