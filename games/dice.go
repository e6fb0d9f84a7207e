package games

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"math/bits"
	mrand "math/rand/v2"
)

// Source is where throws come from. *rand.PCG and *rand.ChaCha8 from math/rand/v2
// satisfy it; Crypto is the production source (D3).
type Source interface {
	Uint64() uint64
}

type cryptoSource struct{}

// Uint64 reads eight bytes from crypto/rand, which never fails on supported systems.
func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Crypto is a Source backed by the operating system's secure random numbers (D3).
var Crypto Source = cryptoSource{}

// Seeded returns a fast deterministic Source for tests, benchmarks and demos.
func Seeded(seed uint64) Source {
	return mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
}

// Throw is the score a throw gives, as its game counts it: Aseb's sticks 0-4,
// Tab's 1, 2, 3, 4 or 6, a d4's face 1-4.
type Throw int8

// Dice says what is thrown and how it scores (D1, D2).
type Dice int8

// The dice of the three games.
const (
	NoDice    Dice = iota // Seega: nothing is thrown
	Sticks                // four sticks, score = flat sides up, 0-4 (Aseb)
	TabSticks             // four sticks, flat sides 1-4 score 1-4, none scores 6 (T2)
	D4                    // a uniform four-sided die, 1-4 (Aseb standard's dice option)
)

// Draw throws the dice once with randomness from src.
func (d Dice) Draw(src Source) Throw { return d.FromBits(src.Uint64()) }

// FromBits is the throw that the low four random bits of r give, so that a
// playout can take several throws from one draw of its source.
func (d Dice) FromBits(r uint64) Throw {
	switch d {
	case D4:
		return Throw(1 + r&3) // 4 divides 2^64: unbiased
	case Sticks, TabSticks:
		return d.score(bits.OnesCount64(r & 0xf)) // four independent fair sticks (D1)
	}
	panic(fmt.Sprintf("games: Draw on %v", d))
}

func (d Dice) score(flats int) Throw {
	if d == TabSticks && flats == 0 {
		return 6
	}
	return Throw(flats)
}

// Flats returns how many of the four sticks show their flat side for throw t, so a
// picture can draw them; -1 for a d4 or a score the sticks cannot give.
func (d Dice) Flats(t Throw) int {
	if !d.Valid(t) || d == D4 {
		return -1
	}
	if t == 6 {
		return 0
	}
	return int(t)
}

// Valid reports whether t is a score these dice can give.
func (d Dice) Valid(t Throw) bool {
	switch d {
	case Sticks:
		return t >= 0 && t <= 4
	case TabSticks:
		return t >= 1 && t <= 4 || t == 6
	case D4:
		return t >= 1 && t <= 4
	}
	return false
}

// Odds returns each score these dice can give with its exact probability as a
// fraction num/den, lowest score first (D1: C(4,k)/16 for k flat sides).
func (d Dice) Odds() []Odds {
	switch d {
	case Sticks, TabSticks:
		out := make([]Odds, 0, 5)
		for k, c := range [5]int{1, 4, 6, 4, 1} {
			out = append(out, Odds{Throw: d.score(k), Num: c, Den: 16})
		}
		if d == TabSticks { // the 6 (no flat side) is the highest score
			out = append(out[1:], out[0])
		}
		return out
	case D4:
		return []Odds{{1, 1, 4}, {2, 1, 4}, {3, 1, 4}, {4, 1, 4}}
	}
	return nil
}

// Odds is one score's probability, Num/Den.
type Odds struct {
	Throw    Throw
	Num, Den int
}

func (d Dice) String() string {
	switch d {
	case NoDice:
		return "none"
	case Sticks:
		return "sticks"
	case TabSticks:
		return "tab sticks"
	case D4:
		return "d4"
	}
	return fmt.Sprintf("Dice(%d)", int8(d))
}

// Coin returns First or Second with equal chance, for games whose first player is
// chosen by a coin (A3 outside standard, T10, S2).
func Coin(src Source) Player { return Player(src.Uint64() & 1) }
