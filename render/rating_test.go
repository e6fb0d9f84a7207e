package render

import (
	"bytes"
	"image/png"
	"math"
	"testing"
	"time"

	"kilab/lang"
)

func ratingSeries(name string, provisionalUntil int, n int) RatingSeries {
	phase := float64(len(name))
	s := RatingSeries{Name: name}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		s.Points = append(s.Points, RatingPoint{At: at.Add(time.Duration(i) * 36 * time.Hour), Rating: 1500 + 200*math.Sin(float64(i)/3+phase), Provisional: i < provisionalUntil})
	}
	return s
}

// The chart draws one to three games' ratings; a provisional stretch is
// drawn otherwise than a settled one; figures it cannot draw are refused.
func TestRatings(t *testing.T) {
	t.Parallel()
	c := RatingChart{Title: "Ratings of Ana", Series: []RatingSeries{ratingSeries("Aseb", 6, 20), ratingSeries("Tab", 0, 1), ratingSeries("Seega", 0, 8)}}
	b, err := Ratings(lang.En, c)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != int(ratingW*scale) {
		t.Fatalf("not a %v-wide PNG: %v", ratingW*scale, err)
	}
	settled := c
	settled.Series = []RatingSeries{ratingSeries("Aseb", 0, 20), c.Series[1], c.Series[2]}
	if b2, _ := Ratings(lang.En, settled); bytes.Equal(b, b2) {
		t.Error("a provisional stretch is drawn as a settled one")
	}
	for _, bad := range []RatingChart{
		{},
		{Series: []RatingSeries{{Name: "Aseb", Points: []RatingPoint{{Rating: math.NaN()}}}}},
		{Series: append(c.Series, ratingSeries("Fourth", 0, 3))},
	} {
		if _, err := Ratings(lang.En, bad); err == nil {
			t.Errorf("drew %+v", bad)
		}
	}
}
