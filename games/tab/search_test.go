package tab

import (
	"testing"

	"kilab/games"
)

// Acts and Do give exactly what Moves and WithMove give, over random games of
// several widths; Captures counts what a move takes.
func TestActsMatchMoves(t *testing.T) {
	for _, w := range []int{7, 11, 29} {
		src := games.Seeded(uint64(w))
		for g := 0; g < 20; g++ {
			p, _ := Start(w)
			for n := 0; n < 3000 && !p.s.over(); n++ {
				if p.Throwing() {
					p, _ = p.WithThrow(games.TabSticks.Draw(src))
					continue
				}
				acts, moves := p.Acts(nil), p.Moves()
				if len(acts) != len(moves) {
					t.Fatalf("%s: %d acts, %d moves", p, len(acts), len(moves))
				}
				for k, a := range acts {
					want, err := p.WithMove(moves[k].Notation)
					got := p.Do(a)
					if err != nil || p.Notation(a) != moves[k].Notation || got.String() != want.String() {
						t.Fatalf("%s: act %s gives %s, move %s gives %s (%v)", p, p.Notation(a), got, moves[k].Notation, want, err)
					}
					if c := p.Captures(a); c != p.Pieces(p.Turn().Other())-got.Pieces(p.Turn().Other()) {
						t.Fatalf("%s: %s captures %d, but %d pieces went", p, p.Notation(a), c, p.Pieces(p.Turn().Other())-got.Pieces(p.Turn().Other()))
					}
				}
				p = p.Do(acts[src.Uint64()%uint64(len(acts))])
			}
		}
	}
}
