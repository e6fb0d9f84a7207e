package aseb

import (
	"kilab/games"
	"kilab/lang"
)

func init() { games.Register(Game{}) }

// Game is Aseb for the games registry.
type Game struct{}

// Name is the registry key.
func (Game) Name() string { return "aseb" }

// Title is the name players see.
func (Game) Title() string { return "Aseb" }

// Seats names the sides (seed 000: "5 conoid pieces, 5 round spindle pieces").
func (Game) Seats() [2]string { return [2]string{"cones", "spindles"} }

// SeatNames names the seats for players, in each language.
func (Game) SeatNames() [2]lang.Text {
	return [2]lang.Text{lang.T("seat.cones"), lang.T("seat.spindles")}
}

// Variants lists the variants and their options, the default first.
func (Game) Variants() []games.Variant {
	return []games.Variant{
		{Key: "standard", Name: lang.T("cmd.choice.standard"), Title: lang.T("variant.aseb.standard"), Options: []games.Option{
			{Key: "pieces", Name: lang.T("cmd.opt.pieces"), Values: []string{"5", "7"}, Help: lang.T("variant.aseb.opt.pieces")},
			{Key: "dice", Name: lang.T("cmd.opt.dice"), Values: []string{"sticks", "d4"}, Help: lang.T("variant.aseb.opt.dice"),
				Words: map[string]lang.Text{"sticks": lang.T("cmd.choice.sticks"), "d4": lang.T("cmd.choice.d4")}},
		}},
		{Key: "twenty-squares", Name: lang.T("cmd.choice.twenty_squares"), Title: lang.T("variant.aseb.twenty_squares"), Options: []games.Option{
			{Key: "house4", Name: lang.T("cmd.opt.house4"), Values: []string{"false", "true"}, Help: lang.T("variant.aseb.opt.house4")},
			{Key: "enter-past-own", Name: lang.T("cmd.opt.enter_past_own"), Values: []string{"false", "true"}, Help: lang.T("variant.aseb.opt.enter_past_own")},
		}},
		{Key: "royalur", Name: lang.T("cmd.choice.royalur"), Title: lang.T("variant.aseb.royalur")},
	}
}

// SidesMatter: the first player wins 50.9% with perfect play
// (docs/aseb-solved.md), so a round robin plays each pair both ways.
func (Game) SidesMatter() bool { return true }

// New returns the start position for cfg.
func (Game) New(cfg games.Config) (games.Position, error) {
	r, err := RulesFor(cfg)
	if err != nil {
		return nil, err
	}
	return NewPosition(r), nil
}

// Parse reads a position under cfg.
func (Game) Parse(cfg games.Config, s string) (games.Position, error) {
	r, err := RulesFor(cfg)
	if err != nil {
		return nil, err
	}
	p, err := Parse(r, s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// DrawFirst runs A3: standard's throw-off, a coin in the other variants.
func (Game) DrawFirst(cfg games.Config, src games.Source) (games.Opening, error) {
	r, err := RulesFor(cfg)
	if err != nil {
		return games.Opening{}, err
	}
	if r.Variant != Standard {
		return games.Opening{First: int(games.Coin(src))}, nil
	}
	return ThrowOff(r.Dice, src), nil
}

// ThrowOff is A3's start in standard: both entrants throw the game's dice, a 0
// thrown again, round after round until exactly one of them scores a 1. The
// throws decide only who starts; that entrant then throws for the first move.
func ThrowOff(d games.Dice, src games.Source) games.Opening {
	var o games.Opening
	for {
		var round [2][]games.Throw
		var last [2]games.Throw
		for e := range round {
			for last[e] == 0 {
				last[e] = d.Draw(src)
				round[e] = append(round[e], last[e])
			}
		}
		o.Rounds = append(o.Rounds, round)
		if (last[0] == 1) != (last[1] == 1) {
			if last[1] == 1 {
				o.First = 1
			}
			return o
		}
	}
}

// Due says what the position waits for, for the bot and Advance.
func (p Position) Due() games.Due {
	d := games.Due{Player: p.turn, Dice: p.rules.Dice}
	switch p.state {
	case Over:
		d.Kind = games.DueNothing
	case ThrowDue, Rethrow:
		d.Kind, d.Auto = games.DueThrow, p.state == Rethrow
	case MoveDue:
		d.Kind, d.Auto = games.DueMove, !p.CanMove() // only the pass: the server plays it
	}
	return d
}

// Throw applies a throw (games.Position).
func (p Position) Throw(t games.Throw) (games.Position, error) {
	next, err := p.WithThrow(t)
	if err != nil {
		return p, err
	}
	return next, nil
}

// Moves lists the legal moves, or only the pass when there is none (games.Position).
func (p Position) Moves() []games.Move {
	if p.state != MoveDue {
		return nil
	}
	var buf [8]Move
	legal := p.Legal(buf[:0])
	if len(legal) == 0 {
		return []games.Move{{Notation: p.FormatMove(Pass), Pass: true}}
	}
	out := make([]games.Move, len(legal))
	for i, m := range legal {
		out[i] = games.Move{Notation: p.FormatMove(m), Group: end(int(m.From))}
	}
	return out
}

// Play applies a move written in the notation (games.Position).
func (p Position) Play(move string) (games.Position, error) {
	m, err := ParseMove(move)
	if err != nil {
		return p, err
	}
	next, err := p.Apply(m)
	if err != nil {
		return p, err
	}
	return next, nil
}

// Outcome reports the winner once one side has borne off every piece (A12).
func (p Position) Outcome() games.Outcome {
	if p.state != Over {
		return games.Outcome{}
	}
	return games.Outcome{Status: games.Won, Winner: p.turn, Reason: lang.T("aseb.end.borne_off")}
}

// MovesFor lists the moves for throw t from a position waiting for a throw, or
// for its own waiting throw (kilab moves --throw).
func (p Position) MovesFor(t games.Throw) ([]games.Move, error) {
	switch {
	case p.state == MoveDue && t != p.throw:
		return nil, refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.throw_waiting", "Throw", p.throw))
	case p.state == MoveDue:
		return p.Moves(), nil
	}
	next, err := p.WithThrow(t)
	if err != nil {
		return nil, err
	}
	if next.state == Rethrow {
		return nil, refused(lang.Wrap(games.ErrIllegalMove, "aseb.why.zero_again"))
	}
	return next.Moves(), nil
}
