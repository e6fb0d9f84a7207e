package render

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"testing"

	"golang.org/x/image/font"

	"kilab/lang"
)

func TestReviewChart(t *testing.T) {
	b, err := ReviewChart(lang.En, Chart{Title: "Aseb #1 · exact", Seats: [2]string{"cones", "spindles"},
		Chance: []float64{0.5, 0.55, 0.4, 0.9, 1}, Marks: []int{2, 9}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != int(chartW*scale) || r.Dy() != int(chartH*scale) {
		t.Errorf("size %v", r)
	}
	// The curve passes the 90% point of ply 3 in the frame's colour.
	x, y := plot(5, 3, 0.9)
	found := false
	for dx := -2; dx <= 2 && !found; dx++ {
		for dy := -2; dy <= 2 && !found; dy++ {
			r, g, bl, _ := img.At(int(x*scale)+dx, int(y*scale)+dy).RGBA()
			fr, fg, fb, _ := colFrame.RGBA()
			found = r == fr && g == fg && bl == fb
		}
	}
	if !found {
		t.Error("no curve at ply 3's 90%")
	}
	again, _ := ReviewChart(lang.En, Chart{Title: "Aseb #1 · exact", Seats: [2]string{"cones", "spindles"},
		Chance: []float64{0.5, 0.55, 0.4, 0.9, 1}, Marks: []int{2, 9}})
	if !bytes.Equal(b, again) {
		t.Error("the same chart drawn twice differs")
	}
}

func TestReviewChartRejectsBadFigures(t *testing.T) {
	for _, c := range [][]float64{nil, {0.5}, {0.5, 1.5}, {0.5, -0.1}} {
		if _, err := ReviewChart(lang.En, Chart{Chance: c}); err == nil {
			t.Errorf("chart of %v drawn", c)
		}
	}
}

// inkBox is the rectangle, in image pixels, that label lb's glyphs cover,
// found from the font as canvas.text placed them.
func inkBox(cv *canvas, lb label) image.Rectangle {
	b, _ := font.BoundString(cv.faces.get(lb.size), lb.text)
	dx, dy := lb.x0*scale, (lb.y+0.35*lb.size)*scale
	return image.Rect(int(math.Floor(dx+float64(b.Min.X)/64)), int(math.Floor(dy+float64(b.Min.Y)/64)),
		int(math.Ceil(dx+float64(b.Max.X)/64)), int(math.Ceil(dy+float64(b.Max.Y)/64)))
}

// Every label of the chart, "100%" and each side's "wins" included, lies
// wholly inside the picture and clear of every pixel of the curve and its
// marks, in every language, whether the game stays at 0%, at 100%, or swings
// between them with every ply marked.
func TestReviewChartLabelsInsideAndClearOfTheCurve(t *testing.T) {
	curves := map[string][]float64{"at 0%": make([]float64, 40), "at 100%": make([]float64, 40), "swinging": make([]float64, 40)}
	for i := range 40 {
		curves["at 100%"][i] = 1
		curves["swinging"][i] = float64(i % 2)
	}
	marks := make([]int, 40)
	for i := range marks {
		marks[i] = i
	}
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		for name, chance := range curves {
			for _, seats := range [][2]string{{"cones", "spindles"}, {"white", "black"}, {"light", "dark"}} {
				c := Chart{Title: "Aseb #1 · exact", Seats: seats, Chance: chance, Marks: marks}
				cv := drawChart(l, c)
				ink := newCanvas(chartW, chartH) // the curve and its marks alone, on nothing
				chartCurve(ink, chance)
				chartMarks(ink, c)
				for _, lb := range cv.labels {
					box := inkBox(cv, lb)
					if !box.In(cv.img.Rect) {
						t.Errorf("%s, %s, %v: %q covers %v, outside the picture %v", tag, name, seats, lb.text, box, cv.img.Rect)
						continue
					}
					if p, hit := firstInk(ink.img, box); hit {
						t.Errorf("%s, %s, %v: %q (%v) is drawn over the curve at %v", tag, name, seats, lb.text, box, p)
					}
				}
				cv.release()
				ink.release()
			}
		}
	}
}

// firstInk finds a pixel of img in r that is not transparent.
func firstInk(img *image.RGBA, r image.Rectangle) (image.Point, bool) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y).A != 0 {
				return image.Pt(x, y), true
			}
		}
	}
	return image.Point{}, false
}
