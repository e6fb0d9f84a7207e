package render

import (
	"image"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// benchPicture is benchBoard's position drawn, for the encoders alone.
func benchPicture(b *testing.B, name string, moves int) *image.Paletted {
	g, start, plies := randomGame(b, name, games.Config{}, 1, moves)
	pos, last, err := FromRecord(start, plies)
	if err != nil {
		b.Fatal(err)
	}
	img, err := picture(lang.En, g, games.Config{}, pos, last)
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// gamePictures draws the positions after each of a random game's first
// plies, the boards a game sends one after the other.
func gamePictures(b *testing.B, name string, plies int) []*image.Paletted {
	g, start, record := randomGame(b, name, games.Config{}, 1, plies)
	var out []*image.Paletted
	for i := 1; i <= len(record); i++ {
		pos, last, err := FromRecord(start, record[:i])
		if err != nil {
			b.Fatal(err)
		}
		img, err := picture(lang.En, g, games.Config{}, pos, last)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}

// benchEncode measures encodePNG on a game's boards in order, as a bot
// sends them: each board finds in the band cache only what the boards
// before it in the game left there (the cache is emptied when the game
// starts again). It reports the mean file size.
func benchEncode(b *testing.B, name string, plies int) {
	pics := gamePictures(b, name, plies)
	b.ReportAllocs()
	i, size := 0, 0
	for b.Loop() {
		if i%len(pics) == 0 {
			bands.clear()
		}
		out, err := encodePNG(pics[i%len(pics)])
		if err != nil {
			b.Fatal(err)
		}
		size += len(out)
		i++
	}
	b.ReportMetric(float64(size)/float64(i), "png-bytes")
}

// benchCold measures encodePNG with nothing cached: every band coded.
func benchCold(b *testing.B, name string, moves int) {
	img := benchPicture(b, name, moves)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		bands.clear()
		var err error
		if out, err = encodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "png-bytes")
}

// benchStd measures image/png, the encoder encodePNG replaced.
func benchStd(b *testing.B, name string, moves int) {
	img := benchPicture(b, name, moves)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		out = stdPNG(b, img)
	}
	b.ReportMetric(float64(len(out)), "png-bytes")
}

func BenchmarkEncodePNGAseb(b *testing.B)  { benchEncode(b, "aseb", 30) }
func BenchmarkEncodePNGTab(b *testing.B)   { benchEncode(b, "tab", 30) }
func BenchmarkEncodePNGSeega(b *testing.B) { benchEncode(b, "seega", 30) }

func BenchmarkEncodePNGColdAseb(b *testing.B)  { benchCold(b, "aseb", 20) }
func BenchmarkEncodePNGColdTab(b *testing.B)   { benchCold(b, "tab", 40) }
func BenchmarkEncodePNGColdSeega(b *testing.B) { benchCold(b, "seega", 30) }

func BenchmarkImagePNGAseb(b *testing.B)  { benchStd(b, "aseb", 20) }
func BenchmarkImagePNGTab(b *testing.B)   { benchStd(b, "tab", 40) }
func BenchmarkImagePNGSeega(b *testing.B) { benchStd(b, "seega", 30) }

// benchBoardGame measures Board, drawing and encoding, on a game's boards
// in order, as a bot sends them: unlike BenchmarkRender, which draws one
// position again and again (every band of its PNG then comes from the
// cache), each board here finds cached only what the boards before it in
// the game left (resetEncoders empties the cache when the game starts
// again).
func benchBoardGame(b *testing.B, name string, plies int) {
	g, start, record := randomGame(b, name, games.Config{}, 1, plies)
	type board struct {
		pos  games.Position
		last Last
	}
	var boards []board
	for i := 1; i <= len(record); i++ {
		pos, last, err := FromRecord(start, record[:i])
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, board{pos, last})
	}
	b.ReportAllocs()
	i, size := 0, 0
	for b.Loop() {
		if i%len(boards) == 0 {
			resetEncoders()
		}
		p := boards[i%len(boards)]
		out, err := Board(lang.En, g, games.Config{}, p.pos, p.last)
		if err != nil {
			b.Fatal(err)
		}
		size += len(out)
		i++
	}
	b.ReportMetric(float64(size)/float64(i), "png-bytes")
}

// resetEncoders empties the PNG band cache.
func resetEncoders() { bands.clear() }

func BenchmarkBoardGameAseb(b *testing.B)  { benchBoardGame(b, "aseb", 30) }
func BenchmarkBoardGameTab(b *testing.B)   { benchBoardGame(b, "tab", 30) }
func BenchmarkBoardGameSeega(b *testing.B) { benchBoardGame(b, "seega", 30) }
