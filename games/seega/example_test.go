package seega_test

import (
	"fmt"
	"strings"

	"kilab/games"
	"kilab/games/seega"
)

// The legal moves of a position, as `kilab moves` prints them
// (docs/notation-seega.md).
func ExamplePosition_Moves() {
	cfg := games.Config{Variant: "free", Options: map[string]string{"size": "5"}}
	for _, s := range []string{
		"L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1",
		"DLL../LL.../L..../...../..... D move quiet=3",
		"DLL../LL.../L..../...../..... L move quiet=3 open",
	} {
		p, err := seega.Parse(cfg, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		var line []string
		for _, m := range p.Moves() {
			line = append(line, m.Notation)
		}
		fmt.Println(strings.Join(line, " "))
	}
	// Output:
	// C2-D2 stop
	// pass
	// xA4 xB5
}

// A record replayed from a position, as `kilab replay` prints it.
func ExamplePosition_Play() {
	cfg := games.Config{Variant: "free", Options: map[string]string{"size": "5"}}
	start, _ := seega.Parse(cfg, "L..../.DLL./...D./LD.../..L.D L move quiet=9")
	plies, _ := games.ParseRecord("C1-C2 C2-D2 B4-B3")
	_, err := games.Replay(start, plies, func(i int, p games.Ply, after games.Position) {
		fmt.Printf("%d\t%s\t%s\n", i+1, p, after)
	})
	fmt.Println(err)
	// Output:
	// 1	C1-C2	L..../.DLL./...D./L.L../....D L move quiet=0 chain=C2 last=C2<C1
	// 2	C2-D2	L..../.DLL./...../L..L./....D D move quiet=0 last=D2<C2
	// 3	B4-B3	L..../..LL./.D.../L..L./....D L move quiet=1 last=D2<C2,B3<B4
	// <nil>
}
