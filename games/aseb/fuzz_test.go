package aseb_test

import (
	"testing"

	"kilab/games"
	"kilab/games/aseb"
)

var fuzzRules = []string{"standard", "standard pieces=7 dice=d4", "twenty-squares", "twenty-squares house4=true enter-past-own=true", "royalur"}

// FuzzNotation: parsing never panics, and whatever parses formats to text that
// parses back to the same position and formats the same again.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"c:- s:- c:throw", "c:1,5,9+1 s:3,12 s:2", "c:+5 s:8 c:won", "c:16 s:- c:again", "c:5 s:- s:0"} {
		f.Add(uint8(0), s)
		f.Add(uint8(2), s)
	}
	f.Fuzz(func(t *testing.T, variant uint8, s string) {
		r := rules(t, fuzzRules[int(variant)%len(fuzzRules)])
		p, err := aseb.Parse(r, s)
		if err != nil {
			return
		}
		back, err := aseb.Parse(r, p.String())
		if err != nil || back != p || back.String() != p.String() {
			t.Fatalf("%q -> %q does not round-trip: %v", s, p, err)
		}
	})
}

// FuzzPlay: a throw and a typed move on any position never panic; a refused one
// changes nothing, an accepted one gives a position that round-trips, and every
// listed move's notation reads back as itself.
func FuzzPlay(f *testing.F) {
	f.Add(uint8(0), "c:5,9 s:8 c:4", int8(-1), "5x8")
	f.Add(uint8(1), "c:- s:- c:throw", int8(3), "in-3")
	f.Add(uint8(4), "c:5 s:8 c:throw", int8(3), "5-8")
	f.Fuzz(func(t *testing.T, variant uint8, s string, th int8, move string) {
		r := rules(t, fuzzRules[int(variant)%len(fuzzRules)])
		p, err := aseb.Parse(r, s)
		if err != nil {
			return
		}
		if th >= 0 {
			if p, err = p.WithThrow(games.Throw(th)); err != nil {
				return
			}
		}
		for _, m := range p.Moves() {
			if pm, err := aseb.ParseMove(m.Notation); err != nil || p.FormatMove(pm) != m.Notation {
				t.Fatalf("%q: listed move %q does not read back: %v", p, m.Notation, err)
			}
		}
		next, err := p.Play(move)
		if err != nil {
			if next.String() != p.String() {
				t.Fatalf("refused %q changed %q to %q", move, p, next)
			}
			return
		}
		if back, err := aseb.Parse(r, next.String()); err != nil || back != next.(aseb.Position) {
			t.Fatalf("%q after %q: %q does not round-trip: %v", p, move, next, err)
		}
	})
}
