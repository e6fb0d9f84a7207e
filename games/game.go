package games

import "kilab/lang"

// Game is one rules engine: Aseb, Tab or Seega. The bot, the store, the renderer and
// the CLI reach every engine through it and through Position, so none of them needs
// to know which game it handles except to draw it.
type Game interface {
	// Name is the registry key and the word players type: "aseb", "tab", "seega".
	Name() string
	// Title is the name shown to players: "Aseb".
	Title() string
	// Seats names the sides, seat 0 first: "cones", "spindles".
	Seats() [2]string
	// Variants lists the variants, the default first.
	Variants() []Variant
	// New returns the start position for a configuration (see Normalize).
	New(cfg Config) (Position, error)
	// Parse reads a position in the game's notation (docs/notation.md).
	Parse(cfg Config, s string) (Position, error)
	// DrawFirst decides, with randomness from src, which of two entrants moves first
	// (and so takes seat 0) when a challenge leaves it to chance: a coin, or the
	// game's own procedure where it has one (Aseb standard's throw-off, A3).
	DrawFirst(cfg Config, src Source) (Opening, error)
}

// Position is a game state. It is a value: Throw and Play return a new position and
// leave the receiver as it was, so a caller can keep any position of a game.
type Position interface {
	// Due says what the game waits for.
	Due() Due
	// Throw applies a throw that is due. Callers draw it with Due().Dice.Draw.
	Throw(t Throw) (Position, error)
	// Moves lists the legal moves of the player on move, in a stable order; empty
	// when a throw is due or the game is over.
	Moves() []Move
	// Play applies a move given in the game's notation. An illegal move is an
	// error wrapping ErrIllegalMove (or ErrBadNotation, ErrGameOver) that says why.
	Play(move string) (Position, error)
	// Outcome says whether the game is over and how, by the game's own rules.
	Outcome() Outcome
	// String is the position in the game's notation; Game.Parse reads it back.
	String() string
}

// DueKind is what a game waits for.
type DueKind int8

// What a game can wait for.
const (
	DueNothing DueKind = iota // the game is over
	DueThrow                  // a throw of Due.Dice by Due.Player
	DueMove                   // one of Moves() by Due.Player
)

// Due describes the next action of a game.
type Due struct {
	Kind   DueKind
	Player Player
	Dice   Dice // with DueThrow: what is thrown
	// Auto marks what is nobody's choice: a throw the server draws by itself (a
	// standard Aseb 0 thrown again, Tab's further throws of a turn), or a move that
	// is the only legal one and moves nothing (a pass, a chain's end; D5).
	// Advance plays these.
	Auto bool
}

// Move is a legal move as callers show and choose it.
type Move struct {
	// Notation is the move in the game's notation: what Play takes, what records
	// store and what a button carries.
	Notation string
	// Group is the path of a picker that goes in steps when there are too many
	// moves for one list: the piece that moves ("5", "b5"), or levels separated
	// by "/" ("row 1/A1": a placement's row, then its first cell); "" for a move
	// that stands alone, such as a pass.
	Group string
	// Pass marks a decision that moves no piece (D5): a pass, a chain's end.
	Pass bool
}

// Opening is the result of Game.DrawFirst.
type Opening struct {
	// First is which entrant moves first, 0 or 1 in the order the caller lists
	// them; that entrant takes seat 0.
	First int
	// Rounds are the throws that decided it, for showing (D3): per round, each
	// entrant's throws in order, thrown-again 0s included. Empty for a coin.
	Rounds [][2][]Throw
}

// Config is what a challenge chooses: a variant and its options. Normalize fills
// in defaults and checks it against the game.
type Config struct {
	Variant string            `json:"variant"`
	Options map[string]string `json:"options,omitempty"`
}

// Variant is one rule set of a game.
type Variant struct {
	Key string // what players type: "standard"
	// Name is Key as a choice shows it ("twenty squares"), in each language;
	// with the zero Text the key is shown as it is typed.
	Name    lang.Text
	Title   lang.Text // "Standard (Skiryuk and ancientgames.org)", in each language
	Options []Option  // the options this variant takes
}

// Option is a setting of a variant, with the values it may take.
type Option struct {
	Key string // "pieces"
	// Name is Key as a slash command option's name, in each language.
	Name   lang.Text
	Values []string // allowed values, the default first
	// Words name the values that are words ("sticks"), in each language, as
	// a choice shows them; a number needs none, nor do "true" and "false",
	// which every game shares.
	Words map[string]lang.Text
	Help  lang.Text // one line for --help and the slash command, in each language
}

// ValueName is value, a variant's key or a word one of g's options takes,
// as players read it, in each language; false where g has no name for it
// (a number, a value g does not take).
func ValueName(g Game, value string) (lang.Text, bool) {
	for _, v := range g.Variants() {
		if v.Key == value && v.Name.ID != "" {
			return v.Name, true
		}
		for _, o := range v.Options {
			if t, ok := o.Words[value]; ok {
				return t, true
			}
		}
	}
	return lang.Text{}, false
}

// ScoreLister is implemented by the positions of dice games, for `kilab moves
// --throw N`: the legal moves of the player on move for score t, as if that were
// the score to play now (Aseb: the throw just made; Tab: one of the turn's scores).
type ScoreLister interface {
	MovesFor(t Throw) ([]Move, error)
}
