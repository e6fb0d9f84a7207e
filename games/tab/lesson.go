package tab

import (
	"kilab/games"
	"kilab/lang"
)

// lessonStep is a step of Tab's lesson as written here: a position before
// its throws (in notation, on the 4x7 board), the throws, and what the step
// asks. Lesson builds each through the engine, so a step the rules would not
// reach fails to build.
type lessonStep struct {
	rules  []string
	pos    string
	throws []games.Throw
	say    lang.Text
	ask    string
	offers []games.Offer
}

// lessonWidth is the board of the lesson: the smallest, so that each step
// shows only what it is about.
const lessonWidth = "7"

func legalWrong(move, rule string, why lang.Text) games.Offer {
	return games.Offer{Move: move, Rule: rule, Why: why}
}

func illegal(move, rule string) games.Offer { return games.Offer{Move: move, Rule: rule} }

// lessonSteps are Tab's lesson, every rule of T1-T12 and D1-D5 in turn,
// white on move.
var lessonSteps = []lessonStep{
	{rules: []string{"T1", "T10", "D1", "D2", "D3"}, pos: "ccccccc/7/7/CCCCCCC w - t10 0", throws: []games.Throw{2, 1, 3},
		say: lang.T("learn.tab.start"), ask: "1a7-b7", offers: []games.Offer{illegal("1a6-a7", "T4"), illegal("3a7-b5", "T4")}},
	{rules: []string{"T2", "D4"}, pos: "7/1m5/3M3/7 w - - 0", throws: []games.Throw{4, 2},
		say: lang.T("learn.tab.scores"), ask: "4b4-c1", offers: []games.Offer{illegal("6b4-c3", "T2")}},
	{rules: []string{"T3"}, pos: "7/5m1/1M5/7 w - - 0", throws: []games.Throw{3},
		say: lang.T("learn.tab.path"), ask: "3b2-c2", offers: []games.Offer{illegal("3b2-b5", "T3")}},
	{rules: []string{"T4"}, pos: "ccccccc/7/6M/CCCCCC1 w - - 0", throws: []games.Throw{1, 3},
		say: lang.T("learn.tab.unmoved"), ask: "1a6-a7", offers: []games.Offer{illegal("1b7-b6", "T4"), illegal("3a6-b6", "T4")}},
	{rules: []string{"T5"}, pos: "7/1(MM)3m1/5M1/7 w - - 0", throws: []games.Throw{1, 2},
		say: lang.T("learn.tab.stacks"), ask: "1c2^c3", offers: []games.Offer{illegal("1b6^b5", "T5"), illegal("2c2^c4", "T5")}},
	{rules: []string{"T6", "D5"}, pos: "7/5(MM)1/1m5/7 w - - 0", throws: []games.Throw{2},
		say: lang.T("learn.tab.shrink"), ask: "pass2", offers: []games.Offer{legalWrong("2c6-b7", "T6", lang.T("learn.tab.why.shrinks"))}},
	{rules: []string{"T7"}, pos: "7/M2m3/2m1M2/7 w - - 0", throws: []games.Throw{2},
		say: lang.T("learn.tab.capture"), ask: "2b5-b3", offers: []games.Offer{legalWrong("2c1-c3", "T7", lang.T("learn.tab.why.no_capture"))}},
	{rules: []string{"T8"}, pos: "2m4/5MF/7/7 w - - 0", throws: []games.Throw{1, 2},
		say: lang.T("learn.tab.row4"), ask: "2c6-d7", offers: []games.Offer{illegal("1c7-d7", "T8"), legalWrong("2c6-b7", "T8", lang.T("learn.tab.why.row4_open"))}},
	{rules: []string{"T9"}, pos: "3F3/4m2/7/2M4 w - - 0", throws: []games.Throw{2},
		say: lang.T("learn.tab.home_first"), ask: "2a3-a5", offers: []games.Offer{illegal("2d4-d2", "T9")}},
	{rules: []string{"T11"}, pos: "7/2M2m1/5M1/7 w - - 0", throws: []games.Throw{4, 3},
		say: lang.T("learn.tab.use_scores"), ask: "4b6-b2", offers: []games.Offer{illegal("pass", "T11")}},
	{rules: []string{"T12"}, pos: "7/7/2m1M2/7 w - - 0", throws: []games.Throw{2},
		say: lang.T("learn.tab.win"), ask: "2b5-b3", offers: []games.Offer{illegal("pass", "T11")}},
}

// Lesson is Tab's lesson (games.Teacher), built through the engine.
func (g Game) Lesson() (games.Lesson, error) {
	var l games.Lesson
	for _, s := range lessonSteps {
		step, err := games.StepAt(g, games.Config{Options: map[string]string{"width": lessonWidth}}, s.pos, s.throws...)
		if err != nil {
			return games.Lesson{}, err
		}
		step.Rules, step.Say, step.Ask, step.Offers = s.rules, s.say, s.ask, s.offers
		l.Steps = append(l.Steps, step)
	}
	return l, nil
}
