package render

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// benchBoard measures Board (drawing and PNG encoding) on a mid-game
// position of the game's default variant, with a last move and throws.
func benchBoard(b *testing.B, name string, moves int) {
	g, err := games.Lookup(name)
	if err != nil {
		b.Fatal(err)
	}
	start, _ := g.New(games.Config{})
	plies, err := RandomRecord(start, games.Seeded(1), moves)
	if err != nil {
		b.Fatal(err)
	}
	pos, last, err := FromRecord(start, plies)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Board(lang.En, g, games.Config{}, pos, last); err != nil { // warm the caches
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Board(lang.En, g, games.Config{}, pos, last); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderAseb(b *testing.B)  { benchBoard(b, "aseb", 20) }
func BenchmarkRenderTab(b *testing.B)   { benchBoard(b, "tab", 40) }
func BenchmarkRenderSeega(b *testing.B) { benchBoard(b, "seega", 30) }

// BenchmarkReplay measures the GIF of a whole Aseb game.
func BenchmarkReplay(b *testing.B) {
	g, _ := games.Lookup("aseb")
	start, _ := g.New(games.Config{})
	plies, err := RandomRecord(start, games.Seeded(1), 1000)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Replay(lang.En, g, games.Config{}, plies); err != nil {
			b.Fatal(err)
		}
	}
}
