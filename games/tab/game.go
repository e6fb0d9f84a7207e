package tab

import (
	"fmt"
	"strconv"

	"kilab/games"
	"kilab/lang"
)

// Game is the Tab engine as the registry holds it.
type Game struct{}

var _ games.Game = Game{}

func init() { games.Register(Game{}) }

// Name is the registry key.
func (Game) Name() string { return "tab" }

// Title is the name shown to players.
func (Game) Title() string { return "Tab" }

// Seats names the sides: white moves first (seat 0).
func (Game) Seats() [2]string { return [2]string{"white", "black"} }

// SeatNames names the seats for players, in each language.
func (Game) SeatNames() [2]lang.Text {
	return [2]lang.Text{lang.T("seat.white"), lang.T("seat.black")}
}

// Variants lists Tab's one variant with its width option (T1).
func (Game) Variants() []games.Variant {
	widths := []string{"11"}
	for w := minWidth; w <= maxWidth; w += 2 {
		if w != 11 {
			widths = append(widths, strconv.Itoa(w))
		}
	}
	return []games.Variant{{
		Key:   "standard",
		Name:  lang.T("cmd.choice.standard"),
		Title: lang.T("variant.tab.standard"),
		Options: []games.Option{{
			Key:    "width",
			Name:   lang.T("cmd.opt.width"),
			Values: widths,
			Help:   lang.T("variant.tab.opt.width"),
		}},
	}}
}

// New returns the start position for cfg.
func (g Game) New(cfg games.Config) (games.Position, error) {
	w, err := g.width(cfg)
	if err != nil {
		return nil, err
	}
	return Start(w)
}

// Parse reads a position. Its board must be as wide as cfg says (11 by default):
// a game's configuration, not its text, decides the board.
func (g Game) Parse(cfg games.Config, text string) (games.Position, error) {
	w, err := g.width(cfg)
	if err != nil {
		return nil, err
	}
	p, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	if p.Width() != w {
		return nil, fmt.Errorf("tab: the position is %d wide, the configuration %d (give width=%d): %w", p.Width(), w, p.Width(), games.ErrBadConfig)
	}
	return p, nil
}

// DrawFirst tosses a coin for the first player (T10).
func (g Game) DrawFirst(cfg games.Config, src games.Source) (games.Opening, error) {
	if _, err := games.Normalize(g, cfg); err != nil {
		return games.Opening{}, err
	}
	return games.Opening{First: int(games.Coin(src))}, nil
}

// width returns the board width cfg asks for.
func (g Game) width(cfg games.Config) (int, error) {
	cfg, err := games.Normalize(g, cfg)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(cfg.Options["width"]) // Normalize allows only the listed widths
}

// AgreedDraws: players may agree a draw (T12).
func (Game) AgreedDraws() bool { return true }

// SidesMatter: between two medium computers (kilab arena --a medium --b
// medium --seed 7) the first seat won 50.3% of 4,000 games, no edge the
// sample can tell from none, so a round robin plays each pair once.
func (Game) SidesMatter() bool { return false }

// TurnOdds is the chance that a turn's throws hold each score (T2; see the
// package function TurnOdds).
func (Game) TurnOdds() []games.Odds { return TurnOdds() }
