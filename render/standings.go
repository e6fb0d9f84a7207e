package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"kilab/lang"
)

// Table is a tournament's standings as a picture: one row per player, best
// first.
type Table struct {
	Title    string // "Aseb tournament #3 · after round 2 of 5", in the reader's language
	TieBreak string // the tie-break's short name in the reader's language: "SB", "Buchholz"
	Rows     []TableRow
}

// TableRow is one player's line.
type TableRow struct {
	Rank             int
	Name             string
	Won, Drawn, Lost int
	Points, TieBreak float64
	Left             bool // left the tournament: drawn muted
}

// Standings table geometry, in display pixels.
const (
	tableW        = 400.0
	tableTop      = 40.0 // below the title
	tableRow      = 26.0
	tableMargin   = 10.0
	tableMaxRows  = 64
	tableColRank  = tableMargin + 22 // right edge of the rank
	tableColName  = tableMargin + 30 // left edge of the name
	tableColWDL   = tableW - 150     // centre of W-D-L
	tableColPts   = tableW - 88      // right edge of the points
	tableColTie   = tableW - tableMargin - 4
	tableNameRoom = tableColWDL - 34 - tableColName
)

// Standings draws t as a PNG: a title, a header in l, then a row per player
// with rank, name, wins-draws-losses, points and tie-break, rows striped.
func Standings(l *lang.Lang, t Table) ([]byte, error) {
	if len(t.Rows) == 0 || len(t.Rows) > tableMaxRows {
		return nil, fmt.Errorf("render: a standings table has 1 to %d rows, got %d", tableMaxRows, len(t.Rows))
	}
	cv := drawStandings(l, t)
	defer cv.release()
	return encodePNG(palette().paletted(cv.img))
}

// drawStandings draws the table on a new canvas, the caller's to release.
func drawStandings(l *lang.Lang, t Table) *canvas {
	h := tableTop + tableRow*float64(len(t.Rows)+1) + tableMargin
	cv := newCanvas(tableW, h)
	cv.fill(colBackground)
	cv.text(clipText(cv, t.Title, tableW-2*tableMargin, sizeLabel), tableW/2, 18, sizeLabel, 0.5, colInk)
	y := tableTop + tableRow/2
	cv.fillRect(tableMargin, tableTop, tableW-2*tableMargin, tableRow, 4, colFrame)
	tableLine(cv, y, colWhite, "#", l.T("render.table.player"), l.T("render.table.wdl"), l.T("render.table.points"), t.TieBreak)
	for i, r := range t.Rows {
		y += tableRow
		if i%2 == 0 {
			cv.fillRect(tableMargin, y-tableRow/2, tableW-2*tableMargin, tableRow, 0, colPanel)
		}
		col := colInk
		if r.Left {
			col = colMuted
		}
		name := clipText(cv, r.Name, tableNameRoom, sizeSmall)
		tableLine(cv, y, col, strconv.Itoa(r.Rank), name, fmt.Sprintf("%d-%d-%d", r.Won, r.Drawn, r.Lost), Points(r.Points), strconv.FormatFloat(r.TieBreak, 'f', -1, 64))
	}
	return cv
}

func tableLine(cv *canvas, y float64, col color.RGBA, rank, name, wdl, pts, tie string) {
	cv.text(rank, tableColRank, y, sizeSmall, 1, col)
	cv.text(name, tableColName, y, sizeSmall, 0, col)
	cv.text(wdl, tableColWDL, y, sizeSmall, 0.5, col)
	cv.text(pts, tableColPts, y, sizeSmall, 1, col)
	cv.text(tie, tableColTie, y, sizeSmall, 1, col)
}

// Points writes a score in halves: "3", "2½", "½".
func Points(p float64) string {
	whole := int(p)
	if p-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		return strconv.Itoa(whole) + "½"
	}
	return strconv.Itoa(whole)
}

// clipText shortens s with an ellipsis until it fits width at size.
func clipText(cv *canvas, s string, width, size float64) string {
	if cv.textWidth(s, size) <= width {
		return s
	}
	r := []rune(strings.TrimSpace(s))
	for len(r) > 1 && cv.textWidth(string(r)+"…", size) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
