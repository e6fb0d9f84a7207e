package render

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// randomGame is a random game of name in cfg, from seed, of at most plies
// plies: its start and its record, for the benchmarks.
func randomGame(b *testing.B, name string, cfg games.Config, seed uint64, plies int) (games.Game, games.Position, []games.Ply) {
	b.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		b.Fatal(err)
	}
	start, err := g.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	record, err := RandomRecord(start, games.Seeded(seed), plies)
	if err != nil {
		b.Fatal(err)
	}
	return g, start, record
}

// benchBoard measures Board (drawing and PNG encoding) on a mid-game
// position of the game's default variant, with a last move and throws.
func benchBoard(b *testing.B, name string, moves int) {
	g, start, plies := randomGame(b, name, games.Config{}, 1, moves)
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

// benchPaint measures the drawing alone, to the paletted picture given back
// as Board gives it back, without encoding, of a mid-game position of each configuration of a game
// (every variant and board size of sameConfigs), in turn: ns/op is the
// mean over them.
func benchPaint(b *testing.B, game string) {
	type board struct {
		g    games.Game
		cfg  games.Config
		pos  games.Position
		last Last
	}
	var boards []board
	for k, c := range sameConfigs {
		if c.game != game {
			continue
		}
		g, _ := games.Lookup(game)
		start, err := g.New(c.cfg)
		if err != nil {
			b.Fatal(err)
		}
		plies, err := RandomRecord(start, games.Seeded(uint64(k)), 30)
		if err != nil {
			b.Fatal(err)
		}
		pos, last, err := FromRecordSince(start, plies)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := picture(lang.En, g, c.cfg, pos, last); err != nil { // warm the caches
			b.Fatal(err)
		}
		boards = append(boards, board{g, c.cfg, pos, last})
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d := boards[i%len(boards)]
		img, err := picture(lang.En, d.g, d.cfg, d.pos, d.last)
		if err != nil {
			b.Fatal(err)
		}
		releasePicture(img) // as Board does once it is encoded
		i++
	}
}

func BenchmarkPaintAseb(b *testing.B)  { benchPaint(b, "aseb") }
func BenchmarkPaintTab(b *testing.B)   { benchPaint(b, "tab") }
func BenchmarkPaintSeega(b *testing.B) { benchPaint(b, "seega") }

// BenchmarkReplayPaint measures the drawing alone of BenchmarkReplay's
// frames, every position of the game to a paletted picture given back
// as Replay gives it back; it reports the time per frame.
func BenchmarkReplayPaint(b *testing.B) {
	g, _ := games.Lookup("aseb")
	start, _ := g.New(games.Config{})
	plies, err := RandomRecord(start, games.Seeded(1), 1000)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	frames := 0
	for b.Loop() {
		err := walk(start, plies, func(_ int, pos games.Position, last Last) error {
			img, err := picture(lang.En, g, games.Config{}, pos, last)
			if err == nil {
				releasePicture(img)
				frames++
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(frames), "ns/frame")
}
