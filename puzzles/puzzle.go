package puzzles

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"kilab/games"
)

// Puzzle is a position where one move is clearly right.
type Puzzle struct {
	// ID is stable: derived from the game, configuration and position alone
	// (PuzzleID), so a puzzle found twice is one puzzle and a stored attempt
	// keeps meaning the same position.
	ID     string       `json:"id"`
	Game   string       `json:"game"`
	Config games.Config `json:"config"`
	// Position is in the game's notation, which the engine reads back; it
	// holds the throw already made.
	Position string `json:"position"`
	// Throw is the throw already made, as records write it ("2", Tab's
	// scores "1,2"); empty in Seega, which throws nothing.
	Throw string `json:"throw,omitempty"`
	// Best is the answer, in the game's notation.
	Best string `json:"best"`
	// Moves are every legal move with its value, best first.
	Moves []Value `json:"moves"`
	// Exact says the chances are the game's true values (Aseb's solved
	// table); otherwise they are the engine's estimate.
	Exact bool `json:"exact"`
	// Calibrated says the chances, not exact, came from a judge whose
	// chances were checked against games (ai.Calibrated: Tab's), as it was
	// when the puzzle was made; otherwise they are the engine's estimate.
	Calibrated bool `json:"calibrated,omitempty"`
	// Theme is the examiner's key for what the best move does ("capture").
	Theme string `json:"theme"`
	// Difficulty is 1 (the greedy agent finds the answer), 2 (the medium
	// level does, greedy does not) or 3 (neither does).
	Difficulty int `json:"difficulty"`
}

// Value is one legal move and what it is worth to its mover.
type Value struct {
	Move string `json:"move"`
	// Chance is the mover's winning chance after the move, with best play.
	Chance float64 `json:"chance"`
	// Gain is, in Tab and Seega, the pieces the mover is up (down, when
	// negative) after its turn and the opponent's reply, with the best play
	// of both found by the deep search; Tab's is the average over the
	// reply's throws. Zero in Aseb, whose margin is in Chance.
	Gain float64 `json:"gain,omitempty"`
}

// Difficulties are the difficulties a puzzle may have, easiest first.
var Difficulties = []int{1, 2, 3}

// PuzzleID is the stable id of game's position pos under cfg: 12 hex digits of
// a hash, prefixed by the game's name.
func PuzzleID(game string, cfg games.Config, pos string) string {
	h := sha256.Sum256([]byte(game + "\x00" + cfg.String() + "\x00" + pos))
	return game + "-" + hex.EncodeToString(h[:6])
}

// Set is a file of puzzles.
type Set struct {
	Puzzles []Puzzle `json:"puzzles"`
}

// Read reads a set as Write writes it. A file that is not one is an error
// that says where it went wrong; the puzzles themselves are checked by Check.
func Read(r io.Reader) (Set, error) {
	var s Set
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Set{}, fmt.Errorf("puzzles: not a puzzle file: %w", err)
	}
	if len(s.Puzzles) == 0 {
		return Set{}, fmt.Errorf("puzzles: the file holds no puzzles")
	}
	return s, nil
}

// Write writes s as indented JSON, one stable form for files under review.
func (s Set) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// String names p for messages: its id, game, configuration and position.
func (p Puzzle) String() string {
	return fmt.Sprintf("%s (%s %s, %s)", p.ID, p.Game, strings.TrimSpace(p.Config.String()), p.Position)
}
