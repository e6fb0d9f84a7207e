package render

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"kilab/lang"
)

func TestStandingsTable(t *testing.T) {
	tab := Table{Title: "Aseb tournament #3 · final", TieBreak: "SB", Rows: []TableRow{
		{Rank: 1, Name: "ana", Won: 2, Drawn: 1, Points: 2.5, TieBreak: 3.25},
		{Rank: 2, Name: strings.Repeat("a very long display name ", 4), Won: 1, Lost: 2, Points: 1, TieBreak: 0.5},
		{Rank: 2, Name: "Борис", Drawn: 1, Lost: 1, Points: 0.5, Left: true},
	}}
	b, err := Standings(lang.En, tab)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != int(tableW*scale) || r.Dy() != int((tableTop+tableRow*4+tableMargin)*scale) {
		t.Errorf("size %v", r)
	}
	cv := drawStandings(lang.En, tab)
	defer cv.release()
	var texts []string
	for _, l := range cv.labels {
		texts = append(texts, l.text)
		if strings.HasPrefix(l.text, "a very") && cv.textWidth(l.text, l.size) > tableNameRoom {
			t.Errorf("name %q overflows its column", l.text)
		}
	}
	for _, want := range []string{"ana", "2-1-0", "2½", "3.25", "Борис", "½", "SB", "Pts"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no %q among the labels %q", want, texts)
		}
	}
	if _, err := Standings(lang.En, Table{}); err == nil {
		t.Error("an empty table was drawn")
	}
}
