package aseb

import (
	"testing"

	"kilab/games"
)

// Afters gives exactly the positions the checked path gives, move for move,
// over many random positions of every variant.
func TestAftersMatchApply(t *testing.T) {
	for _, cfg := range []games.Config{{Variant: "standard"}, {Variant: "twenty-squares"}, {Variant: "royalur"},
		{Variant: "standard", Options: map[string]string{"pieces": "7"}}} {
		r, err := RulesFor(cfg)
		if err != nil {
			t.Fatal(err)
		}
		src := games.Seeded(9)
		for g := 0; g < 200; g++ {
			p := NewPosition(r)
			for step := 0; step < 400 && p.State() != Over; step++ {
				if p.State() == ThrowDue {
					checkAfters(t, p)
				}
				p = playoutStep(p, src)
			}
		}
	}
}

func checkAfters(t *testing.T, p Position) {
	t.Helper()
	q := Assemble(p.Rules(), p.Turn(), [2]uint32{p.Mask(0), p.Mask(1)}, [2]int8{int8(p.BorneOff(0)), int8(p.BorneOff(1))})
	if q != p {
		t.Fatalf("Assemble gave %v for %v", q, p)
	}
	for th := games.Throw(1); th <= 4; th++ {
		after := p.Afters(th, nil)
		withT := p
		withT.state, withT.throw = MoveDue, th
		legal := withT.Legal(nil)
		if len(after) != len(legal) {
			t.Fatalf("%s throw %d: %d afters, %d moves", p, th, len(after), len(legal))
		}
		for k, m := range legal {
			want, err := withT.Apply(m)
			if err != nil || want != after[k] {
				t.Fatalf("%s throw %d move %v: %v, want %v (%v)", p, th, m, after[k], want, err)
			}
		}
	}
}

// playoutStep takes one step of a random playout: a throw or a move.
func playoutStep(p Position, src games.Source) Position {
	if p.state != MoveDue {
		p.throwUnchecked(p.rules.Dice.Draw(src))
		return p
	}
	legal := p.Legal(nil)
	if len(legal) == 0 {
		p.endTurn(false)
		return p
	}
	p.move(legal[src.Uint64()%uint64(len(legal))])
	return p
}
