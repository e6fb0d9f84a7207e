package render

import (
	"bytes"
	"sync"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// A configuration found valid once is not a pass for another that differs in
// a value, an option or the game: each is checked as games.Normalize checks
// it, however many valid ones came before.
func TestConfigCheckedEachTime(t *testing.T) {
	g, _ := games.Lookup("aseb")
	good := asebCfg("standard", "pieces", "7", "dice", "d4")
	start, err := g.New(good)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := Board(lang.En, g, good, start, Last{}); err != nil {
			t.Fatalf("%v: %v", good, err)
		}
	}
	for _, bad := range []games.Config{
		asebCfg("standard", "pieces", "9", "dice", "d4"),
		asebCfg("standard", "pieces", "7", "dice", "d6"),
		asebCfg("standard", "pieces", "7", "dices", "d4"),
		asebCfg("standard", "pieces", "7", "dice", "d4", "house4", "true"),
		asebCfg("royalur", "pieces", "7", "dice", "d4"),
	} {
		if _, err := Board(lang.En, g, bad, start, Last{}); err == nil {
			t.Errorf("%v after %v: no error", bad, good)
		}
	}
	tab, _ := games.Lookup("tab")
	if _, err := Board(lang.En, tab, good, start, Last{}); err == nil {
		t.Errorf("Aseb's configuration accepted for Tab")
	}
}

// Boards drawn at once from several goroutines, on pictures given back and
// taken again, come out as each drawn alone.
func TestBoardsAtOnce(t *testing.T) {
	want := make([][]byte, len(goldenScenes))
	type args struct {
		g    games.Game
		cfg  games.Config
		pos  games.Position
		last Last
	}
	in := make([]args, len(goldenScenes))
	for i, s := range goldenScenes {
		g, cfg, pos, last := s.draw(t)
		in[i] = args{g, cfg, pos, last}
		b, err := Board(lang.En, g, cfg, pos, last)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(in))
	for w := range 4 {
		wg.Go(func() {
			for k := range 3 * len(in) {
				i := (k + w) % len(in)
				a := in[i]
				b, err := Board(lang.En, a.g, a.cfg, a.pos, a.last)
				if err != nil || !bytes.Equal(b, want[i]) {
					errs <- goldenScenes[i].name
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for name := range errs {
		t.Errorf("%s: different bytes drawn alongside others", name)
	}
}
