package render

import (
	"fmt"
	"image/color"
	"math"
	"time"

	"kilab/lang"
)

// RatingChart is a player's rating over time in each game they are rated
// in on a server, for /stats.
type RatingChart struct {
	Title  string // "Ana's ratings", in the reader's language
	Series []RatingSeries
	Zone   *time.Location // the reader's time zone, for the dates; nil for UTC
}

// RatingSeries is one game's ratings, oldest first.
type RatingSeries struct {
	Name   string // the game's title: "Aseb"
	Points []RatingPoint
}

// RatingPoint is the rating one rated game left the player with, and
// whether it was still provisional then.
type RatingPoint struct {
	At          time.Time
	Rating      float64
	Provisional bool
}

// The rating chart's geometry, in display pixels: the ratings up the left,
// the dates along the bottom, a legend line at the top.
const (
	ratingW, ratingH = 480.0, 240.0
	ratingL, ratingR = 50.0, 14.0
	ratingT, ratingB = 44.0, 30.0
	ratingDash       = 5.0
	ratingPointR     = 2.5
)

// ratingColours are the series' colours, in order: all in the palette.
var ratingColours = []color.RGBA{colFrame, colNavy, colCapture}

// Ratings draws c as a PNG, its words in l: each game's rating after each
// rated game, by date, a provisional stretch dashed, with the lowest and
// highest rating up the side and the first and last dates along the bottom.
func Ratings(l *lang.Lang, c RatingChart) ([]byte, error) {
	n := 0
	for _, s := range c.Series {
		for _, p := range s.Points {
			if math.IsNaN(p.Rating) || math.IsInf(p.Rating, 0) {
				return nil, fmt.Errorf("render: rating %v in %s", p.Rating, s.Name)
			}
		}
		n += len(s.Points)
	}
	if n == 0 || len(c.Series) > len(ratingColours) {
		return nil, fmt.Errorf("render: a rating chart needs points in 1 to %d games, got %d games, %d points", len(ratingColours), len(c.Series), n)
	}
	cv := newCanvas(ratingW, ratingH)
	defer cv.release()
	cv.fill(colBackground)
	b := ratingBoundsOf(c)
	cv.text(c.Title, ratingW/2, 14, sizeLabel, 0.5, colInk)
	zone := c.Zone
	if zone == nil {
		zone = time.UTC
	}
	ratingGrid(cv, l, b, zone)
	for k, s := range c.Series {
		ratingLine(cv, b, s, ratingColours[k])
	}
	ratingLegend(cv, l, c)
	return encodePNG(palette().paletted(cv.img))
}

// ratingBounds are the chart's ranges: dates and ratings.
type ratingBounds struct {
	from, to time.Time
	lo, hi   float64
}

func ratingBoundsOf(c RatingChart) ratingBounds {
	b := ratingBounds{lo: math.Inf(1), hi: math.Inf(-1)}
	for _, s := range c.Series {
		for _, p := range s.Points {
			if b.from.IsZero() || p.At.Before(b.from) {
				b.from = p.At
			}
			if p.At.After(b.to) {
				b.to = p.At
			}
			b.lo, b.hi = min(b.lo, p.Rating), max(b.hi, p.Rating)
		}
	}
	if b.hi-b.lo < 40 { // a flat history still reads as one
		mid := (b.hi + b.lo) / 2
		b.lo, b.hi = mid-20, mid+20
	}
	if !b.to.After(b.from) {
		b.from, b.to = b.from.Add(-time.Hour), b.to.Add(time.Hour)
	}
	return b
}

// at maps a date and a rating to the picture.
func (b ratingBounds) at(t time.Time, r float64) (float64, float64) {
	x := ratingL + (ratingW-ratingL-ratingR)*float64(t.Sub(b.from))/float64(b.to.Sub(b.from))
	y := ratingT + (ratingH-ratingT-ratingB)*(b.hi-r)/(b.hi-b.lo)
	return x, y
}

func ratingGrid(cv *canvas, l *lang.Lang, b ratingBounds, zone *time.Location) {
	x0, yTop := b.at(b.from, b.hi)
	x1, yBot := b.at(b.to, b.lo)
	cv.fillRect(x0, yTop, x1-x0, yBot-yTop, 0, colPanel)
	for _, r := range []float64{b.lo, b.hi} {
		_, y := b.at(b.from, r)
		cv.set(colInkSoft, 1)
		cv.moveTo(x0, y)
		cv.lineTo(x1, y)
		cv.gc.Stroke()
		cv.text(fmt.Sprintf("%d", int(math.Round(r))), x0-4, y, sizeSmall, 1, colInkSoft)
	}
	axis := ratingH - ratingB + 14
	cv.text(l.T("render.ratings.date", "Date", b.from.In(zone).Format("2006-01-02")), x0, axis, sizeSmall, 0, colInkSoft)
	cv.text(l.T("render.ratings.date", "Date", b.to.In(zone).Format("2006-01-02")), x1, axis, sizeSmall, 1, colInkSoft)
}

// ratingLine draws one game's ratings: solid where settled, dashed where
// provisional (the segment into a provisional point is dashed), with a dot
// on each game.
func ratingLine(cv *canvas, b ratingBounds, s RatingSeries, col color.RGBA) {
	for i := 1; i < len(s.Points); i++ {
		p, q := s.Points[i-1], s.Points[i]
		cv.set(col, 2)
		if q.Provisional {
			cv.gc.SetDash(ratingDash*scale, ratingDash*scale)
		}
		cv.moveTo(b.at(p.At, p.Rating))
		cv.lineTo(b.at(q.At, q.Rating))
		cv.gc.Stroke()
		cv.gc.SetDash()
	}
	for _, p := range s.Points {
		x, y := b.at(p.At, p.Rating)
		cv.set(col, 0)
		cv.circle(x, y, ratingPointR)
		cv.gc.Fill()
	}
}

// ratingLegend names each game in its colour, and says what a dashed line
// means when one is drawn.
func ratingLegend(cv *canvas, l *lang.Lang, c RatingChart) {
	x, y := ratingL, 32.0
	provisional := false
	for k, s := range c.Series {
		cv.set(ratingColours[k], 3)
		cv.moveTo(x, y)
		cv.lineTo(x+14, y)
		cv.gc.Stroke()
		cv.text(s.Name, x+18, y, sizeSmall, 0, colInk)
		x += 18 + cv.textWidth(s.Name, sizeSmall) + 16
		for _, p := range s.Points {
			provisional = provisional || p.Provisional
		}
	}
	if provisional {
		cv.text(l.T("render.ratings.provisional"), ratingW-ratingR, y, sizeSmall, 1, colInkSoft)
	}
}
