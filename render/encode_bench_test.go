package render

import (
	"image"
	"testing"

	"kilab/games"
	"kilab/lang"
)

// benchPicture is benchBoard's position drawn, for the encoders alone.
func benchPicture(b *testing.B, name string, moves int) *image.Paletted {
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
	img, err := picture(lang.En, g, games.Config{}, pos, last)
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// benchEncode measures encodePNG, reporting the file's size.
func benchEncode(b *testing.B, name string, moves int) {
	img := benchPicture(b, name, moves)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
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

func BenchmarkEncodePNGAseb(b *testing.B)  { benchEncode(b, "aseb", 20) }
func BenchmarkEncodePNGTab(b *testing.B)   { benchEncode(b, "tab", 40) }
func BenchmarkEncodePNGSeega(b *testing.B) { benchEncode(b, "seega", 30) }

func BenchmarkImagePNGAseb(b *testing.B)  { benchStd(b, "aseb", 20) }
func BenchmarkImagePNGTab(b *testing.B)   { benchStd(b, "tab", 40) }
func BenchmarkImagePNGSeega(b *testing.B) { benchStd(b, "seega", 30) }
