package render

import (
	"fmt"
	"math"

	"kilab/games"
	"kilab/lang"
)

// Chart is a game's winning-chance curve, for /review: the first player's
// chance at the start and after every ply.
type Chart struct {
	Title  string    // "Aseb #12 · exact", in the reader's language (the caller says whether it is exact)
	Seats  [2]string // the sides' engine keys (games.Game.Seats): "cones", "spindles"
	Chance []float64 // first the start, then after each ply; each in [0, 1]
	Marks  []int     // ply numbers (from 1) to mark: the costliest moves
}

// Chart geometry, in display pixels. The left margin holds "100%" right
// aligned beside the plot; the panel reaches a band beyond the 100% and 0%
// lines, and each side's "wins" label stands in the band at its end, where
// the curve and its marks, which never leave 0 to 100%, cannot run into it.
const (
	chartW, chartH   = 400.0, 260.0
	chartL, chartR   = 54.0, 12.0 // plot margins
	chartT, chartB   = 32.0, 34.0 // the panel's
	chartBand        = 28.0       // between the panel's edge and the 100% or 0% line
	chartMarkRadius  = 3.5
	chartCurveWidth  = 2.0
	chartGridWidth   = 1.0
	chartFrameRadius = 6.0
)

// ReviewChart draws c as a PNG, its words in l: the first player's winning
// chance after each ply, 0-100% up the side, plies along the bottom, the 50%
// line marked, and a dot on each marked ply.
func ReviewChart(l *lang.Lang, c Chart) ([]byte, error) {
	if len(c.Chance) < 2 {
		return nil, fmt.Errorf("render: a chart needs the start and at least one ply, got %d points", len(c.Chance))
	}
	for i, v := range c.Chance {
		if math.IsNaN(v) || v < 0 || v > 1 {
			return nil, fmt.Errorf("render: chance %v at point %d is not in [0, 1]", v, i)
		}
	}
	cv := drawChart(l, c)
	defer cv.release()
	return encodePNG(palette().paletted(cv.img))
}

// drawChart draws the chart on a new canvas, the caller's to release.
func drawChart(l *lang.Lang, c Chart) *canvas {
	cv := newCanvas(chartW, chartH)
	cv.fill(colBackground)
	cv.text(c.Title, chartW/2, 16, sizeLabel, 0.5, colInk)
	chartGrid(cv, l, c)
	chartCurve(cv, c.Chance)
	chartMarks(cv, c)
	return cv
}

// plot maps (ply, chance) to the picture.
func plot(n int, i int, v float64) (float64, float64) {
	x := chartL + (chartW-chartL-chartR)*float64(i)/float64(n-1)
	y := chartT + chartBand + (chartH-chartT-chartB-2*chartBand)*(1-v)
	return x, y
}

func chartGrid(cv *canvas, l *lang.Lang, c Chart) {
	n := len(c.Chance)
	x0, yTop := plot(n, 0, 1)
	x1, yBot := plot(n, n-1, 0)
	cv.fillRect(x0, chartT, x1-x0, chartH-chartT-chartB, 0, colPanel)
	for _, v := range []float64{0, 0.5, 1} {
		_, y := plot(n, 0, v)
		cv.set(colInkSoft, chartGridWidth)
		cv.moveTo(x0, y)
		cv.lineTo(x1, y)
		cv.gc.Stroke()
		cv.text(fmt.Sprintf("%d%%", int(v*100)), x0-4, y, sizeSmall, 1, colInkSoft)
	}
	cv.text(l.T("render.chart.win", "Seat", games.SeatWord(l, c.Seats[0])), x0+4, yTop-chartBand/2, sizeSmall, 0, colInk)
	cv.text(l.T("render.chart.win", "Seat", games.SeatWord(l, c.Seats[1])), x0+4, yBot+chartBand/2, sizeSmall, 0, colNavy)
	axis := chartH - chartB + 14
	cv.text(l.T("render.chart.ply", "N", 0), x0, axis, sizeSmall, 0, colInkSoft)
	cv.text(l.T("render.chart.ply", "N", n-1), x1, axis, sizeSmall, 1, colInkSoft)
}

func chartCurve(cv *canvas, vals []float64) {
	n := len(vals)
	cv.set(colFrame, chartCurveWidth)
	for i, v := range vals {
		x, y := plot(n, i, v)
		if i == 0 {
			cv.moveTo(x, y)
		} else {
			cv.lineTo(x, y)
		}
	}
	cv.gc.Stroke()
}

func chartMarks(cv *canvas, c Chart) {
	n := len(c.Chance)
	for _, ply := range c.Marks {
		if ply < 1 || ply >= n {
			continue
		}
		x, y := plot(n, ply, c.Chance[ply])
		cv.set(colCapture, 0)
		cv.circle(x, y, chartMarkRadius)
		cv.gc.Fill()
	}
}
