package bot

import (
	"bytes"
	"testing"

	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/lang"
	"kilab/store"
)

// A board drawn for the thread is drawn once: the DM of the same game at the
// same version gets the same bytes; a new version, or another game, is
// drawn anew, and so is the same board for a reader of another language;
// the oldest pictures make room for new ones.
func TestPicturesDrawOncePerVersion(t *testing.T) {
	g, err := games.Lookup("aseb")
	if err != nil {
		t.Fatal(err)
	}
	cfg := games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}}
	pos, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := func(id, version int64) *state {
		return &state{g: store.Game{ID: id, Version: version, Kind: "aseb", Config: cfg}, game: g, pos: pos}
	}
	p := newPictures()
	a, err := p.get(lang.En, st(1, 1))
	if err != nil || len(a.png) == 0 || a.alt == "" {
		t.Fatalf("first picture: %d bytes, alt %q, %v", len(a.png), a.alt, err)
	}
	again, _ := p.get(lang.En, st(1, 1))
	if &again.png[0] != &a.png[0] {
		t.Error("the same game and version was drawn twice")
	}
	if ru, _ := p.get(lang.Of(lang.Russian), st(1, 1)); &ru.png[0] == &a.png[0] {
		t.Error("a Russian reader got the English picture")
	}
	next, _ := p.get(lang.En, st(1, 2))
	if &next.png[0] == &a.png[0] || !bytes.Equal(next.png, a.png) {
		t.Error("a new version should be drawn anew (here the same position, so the same picture)")
	}
	for id := int64(2); id < 2+picturesKept; id++ {
		p.get(lang.En, st(id, 1))
	}
	if len(p.byID) != picturesKept {
		t.Errorf("%d pictures kept, want at most %d", len(p.byID), picturesKept)
	}
	if old, _ := p.get(lang.En, st(1, 1)); &old.png[0] == &a.png[0] {
		t.Error("the oldest picture was kept past the bound")
	}
}
