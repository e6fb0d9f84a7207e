package aseb

import (
	"fmt"
	"strconv"

	"kilab/games"
)

// Variant is one of Aseb's rule sets (docs/rules.md, A2's table).
type Variant int8

// The variants, by their keys.
const (
	Standard      Variant = iota // "standard": seeds 000 and 002, stop short (A6)
	TwentySquares                // "twenty-squares": seed 001, strict (A7)
	RoyalUr                      // "royalur": RoyalUr.net's Aseb, safe houses (A8)
)

var variantKeys = [...]string{"standard", "twenty-squares", "royalur"}

func (v Variant) String() string { return variantKeys[v] }

// Path cells and move ends (A1).
const (
	Reserve  = 0  // a move from the reserve enters a piece
	PathLen  = 16 // the last path cell
	Off      = 17 // a move to Off bears the piece off
	firstOut = 5  // the first shared cell; 1-4 are private
)

// Rules are a configuration made concrete: what the engine consults while playing.
type Rules struct {
	Variant      Variant
	Pieces       int8       // pieces per side: 5, or 7 in standard
	Dice         games.Dice // games.Sticks, or games.D4 in standard
	EnterPastOwn bool       // twenty-squares: an entering piece may pass own pieces (A5)
	Houses       uint32     // bit c set: path cell c is a house (A2)
}

func houseMask(cells ...int) uint32 {
	var m uint32
	for _, c := range cells {
		m |= 1 << c
	}
	return m
}

// RulesFor turns a configuration into Rules, checking it with games.Normalize.
func RulesFor(cfg games.Config) (Rules, error) {
	cfg, err := games.Normalize(Game{}, cfg)
	if err != nil {
		return Rules{}, err
	}
	r := Rules{Pieces: 5, Dice: games.Sticks, Houses: houseMask(4, 8, 12, 16)}
	switch cfg.Variant {
	case "standard":
		n, _ := strconv.Atoi(cfg.Options["pieces"]) // Normalize allowed only 5 or 7
		r.Pieces = int8(n)
		if cfg.Options["dice"] == "d4" {
			r.Dice = games.D4
		}
	case "twenty-squares":
		r.Variant = TwentySquares
		r.EnterPastOwn = cfg.Options["enter-past-own"] == "true"
		if cfg.Options["house4"] != "true" {
			r.Houses = houseMask(8, 12, 16) // A2: seed 001 leaves cell 4 unmarked
		}
	case "royalur":
		r.Variant = RoyalUr
	default:
		return Rules{}, fmt.Errorf("aseb: variant %q: %w", cfg.Variant, games.ErrBadConfig)
	}
	return r, nil
}

// Config gives the rules back as a normalized configuration.
func (r Rules) Config() games.Config {
	opts := map[string]string{}
	switch r.Variant {
	case Standard:
		opts["pieces"] = strconv.Itoa(int(r.Pieces))
		opts["dice"] = "sticks"
		if r.Dice == games.D4 {
			opts["dice"] = "d4"
		}
	case TwentySquares:
		opts["house4"] = strconv.FormatBool(r.Houses&(1<<4) != 0)
		opts["enter-past-own"] = strconv.FormatBool(r.EnterPastOwn)
	}
	return games.Config{Variant: r.Variant.String(), Options: opts}
}

// IsHouse reports whether path cell c is a house (A2).
func (r Rules) IsHouse(c int) bool { return c >= 1 && c <= PathLen && r.Houses&(1<<c) != 0 }

// zeroRethrown reports whether a 0 is thrown again (standard's sticks) rather than
// ending the turn (the other variants, A4 and A11).
func (r Rules) zeroRethrown() bool { return r.Variant == Standard }
