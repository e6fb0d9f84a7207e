package render

import (
	"bytes"
	"image/png"
	"testing"

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
