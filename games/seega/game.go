package seega

import (
	"cmp"
	"slices"
	"strconv"

	"kilab/games"
	"kilab/lang"
)

func init() { games.Register(Game{}) }

// Game is Seega for the games registry.
type Game struct{}

// Name is the registry key.
func (Game) Name() string { return "seega" }

// Title is the name players see.
func (Game) Title() string { return "Seega" }

// Seats names the sides: the first to place has the light pieces (docs/rules.md, the seats).
func (Game) Seats() [2]string { return [2]string{"light", "dark"} }

// SeatNames names the seats for players, in each language.
func (Game) SeatNames() [2]lang.Text {
	return [2]lang.Text{lang.T("seat.light"), lang.T("seat.dark")}
}

// sizeOption is the board size, the same for both variants (S1).
var sizeOption = games.Option{Key: "size", Name: lang.T("cmd.opt.size"), Values: []string{"5", "7", "9"},
	Help: lang.T("variant.seega.opt.size")}

// Variants lists the variants, the default first (S2).
func (Game) Variants() []games.Variant {
	return []games.Variant{
		{Key: "free", Name: lang.T("cmd.choice.free"), Title: lang.T("variant.seega.free"),
			Options: []games.Option{sizeOption}},
		{Key: "lane", Name: lang.T("cmd.choice.lane"), Title: lang.T("variant.seega.lane"),
			Options: []games.Option{sizeOption}},
	}
}

// New returns the start position for cfg.
func (Game) New(cfg games.Config) (games.Position, error) {
	p, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Parse reads a position under cfg.
func (Game) Parse(cfg games.Config, s string) (games.Position, error) {
	p, err := Parse(cfg, s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// DrawFirst tosses a coin (S2: "a toss of a coin").
func (Game) DrawFirst(cfg games.Config, src games.Source) (games.Opening, error) {
	if _, _, err := rulesFor(cfg); err != nil {
		return games.Opening{}, err
	}
	return games.Opening{First: int(games.Coin(src))}, nil
}

// New returns the start position for cfg: an empty board, light to place.
func New(cfg games.Config) (Position, error) {
	g, lane, err := rulesFor(cfg)
	if err != nil {
		return Position{}, err
	}
	return newPosition(g, lane), nil
}

// Parse reads a position in the notation of docs/notation-seega.md under cfg,
// whose size must match the board's.
func Parse(cfg games.Config, s string) (Position, error) {
	g, lane, err := rulesFor(cfg)
	if err != nil {
		return Position{}, err
	}
	return parsePosition(g, lane, s)
}

// rulesFor normalizes cfg and returns its board and whether it is lane.
func rulesFor(cfg games.Config) (*geom, bool, error) {
	cfg, err := games.Normalize(Game{}, cfg)
	if err != nil {
		return nil, false, err
	}
	n, _ := strconv.Atoi(cfg.Options["size"]) // Normalize allowed only 5, 7 and 9
	return geoms[n], cfg.Variant == "lane", nil
}

// Moves lists the legal moves in a stable order: placements by their first
// cell then their second, steps by piece then destination (both row by row from
// A1), then the stop; removals by cell.
func (p Position) Moves() []games.Move {
	legal := p.AppendMoves(nil)
	slices.SortFunc(legal, func(a, b Move) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To))
	})
	out := make([]games.Move, len(legal))
	for i, m := range legal {
		out[i] = games.Move{Notation: m.String(), Group: m.group(), Pass: m.Kind == Pass || m.Kind == Stop}
	}
	return out
}

// rowGroup starts a placement's first picker level, "row 1": a key that
// GroupLabel words for players.
const rowGroup = "row "

// group is the path of a stepped picker (DESIGN: Discord lists at most 25
// choices): the piece for a step or removal; for a placement the row of its
// first cell, then that cell ("row 1/A1"), so that even 9x9's thousands of
// pairs are a row, a cell, then a partner away; nothing for a pass or stop.
func (m Move) group() string {
	switch m.Kind {
	case Step, Remove:
		return m.From.String()
	case Place:
		return rowGroup + strconv.Itoa(m.From.Row()+1) + "/" + m.From.String()
	}
	return ""
}

// AgreedDraws: players may agree a draw (S8).
func (Game) AgreedDraws() bool { return true }

// SidesMatter: between two medium computers (kilab arena --a medium --b
// medium --seed 7) the first seat scored 54.4% over 1,000 games (48.2% won,
// 12.3% drawn), so a round robin plays each pair both ways.
func (Game) SidesMatter() bool { return true }
