package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"

	"kilab/games"
	"kilab/internal/testlong"
	"kilab/lang"
)

// drawnCatalogs are the catalogs whose words render draws: its own and the
// seat names.
var drawnCatalogs = []string{"render", "seats"}

// catalogTexts reads every text of the catalogs named, in every language,
// with the template actions taken out: what the font must be able to draw.
func catalogTexts(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	actions := regexp.MustCompile(`{{[^}]*}}`)
	var walk func(file, id string, v any)
	walk = func(file, id string, v any) {
		switch v := v.(type) {
		case string:
			out[file+" "+id] = actions.ReplaceAllString(v, "")
		case map[string]any:
			for k, sub := range v {
				walk(file, id+"."+k, sub)
			}
		}
	}
	for _, area := range drawnCatalogs {
		for _, tag := range lang.Tags {
			file := filepath.Join("..", "lang", "locales", area+"."+string(tag)+".json")
			buf, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(buf, &v); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			walk(filepath.Base(file), "", v)
		}
	}
	return out
}

// The font render draws with has a glyph for every letter of every word it
// may draw in every language: a missing glyph would draw nothing at all.
func TestFontCoversEveryLanguage(t *testing.T) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	texts := catalogTexts(t)
	if len(texts) < 100 {
		t.Fatalf("only %d texts in the catalogs", len(texts))
	}
	for id, s := range texts {
		for _, r := range s {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				t.Errorf("%s: the font has no glyph for %q in %q", id, r, s)
			}
		}
	}
}

// pictureScenes are positions of every variant and board size, played from
// seeded random games, for drawing in every language; and each game's start
// ended off the board in each way.
func pictureScenes(t *testing.T, plies int) []scene {
	var out []scene
	for _, gc := range configs(t) {
		out = append(out, scene{game: gc.game.Name(), cfg: gc.cfg, seed: 5, moves: plies})
	}
	return out
}

var endings = []Ending{
	{Status: games.Won, Winner: games.First, Reason: "x"},
	{Status: games.Won, Winner: games.Second},
	{Status: games.Drawn, Reason: "x"},
	{Reason: "x"},
}

// checkLabels fails when a label leaves the picture or overlaps another.
func checkLabels(c *canvas) error {
	w := float64(c.bounds().Dx()) / scale
	for i, a := range c.labels {
		if a.x0 < 0 || a.x1 > w {
			return fmt.Errorf("label %q runs from %.1f to %.1f, out of 0 to %.0f", a.text, a.x0, a.x1, w)
		}
		for _, b := range c.labels[i+1:] {
			if a.text == "" || b.text == "" || a == b { // a == b: redrawn in place, as a marked cell's number
				continue
			}
			hy := 0.35*a.size + 0.35*b.size // the capitals' half heights
			if a.x0 < b.x1 && b.x0 < a.x1 && a.y-b.y < hy && b.y-a.y < hy {
				return fmt.Errorf("labels %q and %q overlap", a.text, b.text)
			}
		}
	}
	return nil
}

// Every position of every game, drawn and described in every language: the
// words fit the picture without running into each other or off its edge, are
// as readable as the English, and every message the picture and its alt text
// say exists in that language.
//
// By default the positions of each game are dealt among the languages, each
// drawn in one, the next position in the next language, and so are the
// endings: every language still draws every game and board, with every
// kind of banner, in a fifth of the time. KILAB_LONG=1 draws every position
// and ending in every language.
func TestEveryLanguageFits(t *testing.T) {
	plies := 120
	if testing.Short() {
		plies = 40
	}
	all := testlong.On()
	for k, s := range pictureScenes(t, plies) {
		g, _ := games.Lookup(s.game)
		start, err := g.New(s.cfg)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := RandomRecord(start, games.Seeded(s.seed), s.moves)
		if err != nil {
			t.Fatal(err)
		}
		// langs are the languages the n-th drawing of this scene is in.
		langs := func(n int) []lang.Tag {
			if all {
				return lang.Tags
			}
			return []lang.Tag{lang.Tags[(k+n)%len(lang.Tags)]}
		}
		check := func(tag lang.Tag, pos games.Position, last Last) error {
			l := lang.Of(tag)
			c, err := paint(l, g, s.cfg, pos, last)
			if err != nil {
				return err
			}
			if w := c.bounds().Dx(); w > 1200 {
				return fmt.Errorf("%d pixels wide", w)
			}
			if err := checkLabels(c); err != nil {
				return err
			}
			if err := labelsReadable(c); err != nil {
				return err
			}
			d := Describe(l, g, s.cfg, pos, last)
			if d == "" {
				return fmt.Errorf("no description")
			}
			for _, said := range []string{d, Legend(l, pos)} {
				if strings.Contains(said, "[render.") || strings.Contains(said, "[seat.") || strings.Contains(said, "<no value>") || len(said) > MaxDescription {
					return fmt.Errorf("said %q", said)
				}
			}
			return nil
		}
		err = walk(start, rec, func(i int, pos games.Position, last Last) error {
			for _, tag := range langs(i) {
				if err := check(tag, pos, last); err != nil {
					return fmt.Errorf("%s: ply %d: %w", tag, i+1, err)
				}
			}
			return nil
		})
		for i, e := range endings {
			for _, tag := range langs(i) {
				if err == nil {
					if err = check(tag, start, Last{Ended: &e}); err != nil {
						err = fmt.Errorf("%s: ended %+v: %w", tag, e, err)
					}
				}
			}
		}
		if err != nil {
			t.Errorf("%s %v: %v", s.game, s.cfg, err)
		}
	}
}

// hasCyrillic reports whether s has a Cyrillic letter.
func hasCyrillic(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
}

// A Russian board says its words in Russian, and they take room: a glyph
// the font lacked would measure nothing.
func TestRussianBoard(t *testing.T) {
	ru := lang.Of(lang.Russian)
	m := newCanvas(1, 1) // paint gives its fonts back: measure on another
	defer m.release()
	for _, s := range goldenScenes {
		g, cfg, pos, last := s.draw(t)
		c, err := paint(ru, g, cfg, pos, last)
		if err != nil {
			t.Fatal(err)
		}
		words := 0
		for _, lb := range c.labels {
			if !hasCyrillic(lb.text) {
				continue
			}
			words++
			if w := m.textWidth(lb.text, lb.size); w < float64(len([]rune(lb.text)))*lb.size*0.3 {
				t.Errorf("%s: %q is only %.1f pixels wide", s.name, lb.text, w)
			}
		}
		if words == 0 {
			t.Errorf("%s: no Russian word in the picture", s.name)
		}
		en, _ := Board(lang.En, g, cfg, pos, last)
		ruPNG, _ := Board(ru, g, cfg, pos, last)
		if bytes.Equal(en, ruPNG) {
			t.Errorf("%s: the Russian picture is the English one", s.name)
		}
		if d := Describe(ru, g, cfg, pos, last); !strings.HasPrefix(d, "Доска ") || strings.Contains(d, "Last move") {
			t.Errorf("%s: Russian alt text %q", s.name, d)
		}
	}
}

// The seats are named in the reader's language, their verbs agreeing, from
// the banner to the alt text.
func TestSeatsInEachLanguage(t *testing.T) {
	for _, tc := range []struct {
		tag       lang.Tag
		game, pos string
		banner    string
	}{
		{lang.English, "aseb", "c:5 s:8 c:throw", "Cones to throw"},
		{lang.Russian, "aseb", "c:5 s:8 c:throw", "Бросают конусы"},
		{lang.German, "aseb", "c:5 s:8 c:throw", "Kegel werfen"},
		{lang.German, "tab", "ccccccc/7/7/CCCCCCC w - t10 0", "Weiß wirft"},
		{lang.French, "tab", "ccccccc/7/7/CCCCCCC w - t10 0", "Aux blancs de lancer"},
		{lang.Spanish, "tab", "ccccccc/7/7/CCCCCCC w - t10 0", "Tiran las blancas"},
		{lang.Spanish, "seega", "...../...../...../...../..... L place hand=12/12", "Colocan las claras"},
	} {
		cfg := games.Config{Options: map[string]string{"width": "7"}}
		if tc.game != "tab" {
			cfg = games.Config{}
		}
		g, cfg, pos := parsed(t, tc.game, cfg, tc.pos)
		l := lang.Of(tc.tag)
		if d := Describe(l, g, cfg, pos, Last{}); !strings.Contains(d, tc.banner+".") {
			t.Errorf("%s %s: alt text %q, want %q", tc.tag, tc.game, d, tc.banner)
		}
		if tc.game == "seega" {
			continue // its panel says seat and verb on two lines
		}
		c, err := paint(l, g, cfg, pos, Last{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(c.labels, func(lb label) bool { return lb.text == tc.banner }) {
			t.Errorf("%s %s: no banner %q among %v", tc.tag, tc.game, tc.banner, c.labels)
		}
	}
}

// The standings table's header and the chart's labels fit in every
// language.
func TestTableAndChartFit(t *testing.T) {
	for _, tag := range lang.Tags {
		l := lang.Of(tag)
		tv := drawStandings(l, Table{Title: "x", TieBreak: "Buch.", Rows: []TableRow{{Rank: 10, Name: "ana", Won: 5, Drawn: 2, Lost: 3, Points: 6, TieBreak: 20.25}}})
		tv.release()
		if err := checkLabels(tv); err != nil {
			t.Errorf("%s: standings: %v", tag, err)
		}
		for _, seats := range [][2]string{{"cones", "spindles"}, {"white", "black"}, {"light", "dark"}} {
			cv := newCanvas(chartW, chartH)
			chartGrid(cv, l, Chart{Seats: seats, Chance: make([]float64, 1000)})
			cv.release()
			if err := checkLabels(cv); err != nil {
				t.Errorf("%s: chart: %v", tag, err)
			}
		}
	}
}

// The chart's and the table's own words follow the reader too.
func TestChartAndTableInRussian(t *testing.T) {
	ru := lang.Of(lang.Russian)
	cv := newCanvas(chartW, chartH)
	chartGrid(cv, ru, Chart{Seats: [2]string{"cones", "spindles"}, Chance: []float64{0.5, 0.4, 1}})
	cv.release()
	tv := drawStandings(ru, Table{Title: "x", TieBreak: "SB", Rows: []TableRow{{Rank: 1, Name: "ana"}}})
	tv.release()
	var said []string
	for _, lb := range append(cv.labels, tv.labels...) {
		said = append(said, lb.text)
	}
	for _, want := range []string{"победа: конусы", "победа: веретёна", "полуход 0", "полуход 2", "Игрок", "В-Н-П", "Оч."} {
		if !slices.Contains(said, want) {
			t.Errorf("no %q among %q", want, said)
		}
	}
}

// The widest labels of all, which random games seldom reach: Tab's quiet
// count at 289 of 290 beside its legend, Seega's at 89 of 90 in its panel,
// with stacks and a finished game's banner, in every language.
func TestWidestLabelsFit(t *testing.T) {
	tab29 := games.Config{Options: map[string]string{"width": "29"}}
	seega9 := seegaCfg("free", "9")
	cases := []struct {
		game string
		cfg  games.Config
		pos  string
	}{
		{"tab", tab29, "29/m3(mm)24/29/28M w 3 - 289"},
		{"tab", tab29, "29/m3(mm)24/29/28M b 3 - 289"},
		{"seega", seega9, "L......../........./........./........./........./........./........./........./........D L move quiet=89"},
		{"seega", seega9, "L......../........./........./........./........./........./........./........./........D D move quiet=89"},
	}
	for _, tag := range lang.Tags {
		for _, tc := range cases {
			g, cfg, pos := parsed(t, tc.game, tc.cfg, tc.pos)
			for _, last := range []Last{{}, {Ended: &endings[0]}, {Ended: &endings[1]}, {Ended: &endings[3]}} {
				c, err := paint(lang.Of(tag), g, cfg, pos, last)
				if err != nil {
					t.Fatal(err)
				}
				if err := checkLabels(c); err != nil {
					t.Errorf("%s: %s: %v", tag, tc.pos, err)
				}
				if !slices.ContainsFunc(c.labels, func(lb label) bool { return strings.Contains(lb.text, "/") }) {
					t.Errorf("%s: %s: no quiet count drawn", tag, tc.pos)
				}
			}
		}
	}
}
