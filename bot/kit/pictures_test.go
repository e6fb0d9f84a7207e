package kit

import (
	"bytes"
	"testing"

	"kilab/games"
	_ "kilab/games/aseb"
	"kilab/lang"
	"kilab/store"
)

// A board drawn for the thread is drawn once: the DM of the same game at the
// same version in the same language gets the same bytes; a new version,
// another game or another language is drawn anew; the oldest pictures make
// room for new ones.
func TestPicturesDrawOncePerVersion(t *testing.T) {
	t.Parallel()
	g, err := games.Lookup("aseb")
	if err != nil {
		t.Fatal(err)
	}
	cfg := games.Config{Variant: "standard", Options: map[string]string{"pieces": "5"}}
	pos, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := func(id, version int64) *State {
		return &State{G: store.Game{ID: id, Version: version, Kind: "aseb", Config: cfg}, Game: g, Pos: pos}
	}
	const kept = 8 // the bound, small here: each picture is drawn
	p := newPictures(kept)
	a, err := p.get(lang.En, st(1, 1), false)
	if err != nil || len(a.png) == 0 || a.alt == "" {
		t.Fatalf("first picture: %d bytes, alt %q, %v", len(a.png), a.alt, err)
	}
	again, _ := p.get(lang.En, st(1, 1), false)
	if &again.png[0] != &a.png[0] {
		t.Error("the same game and version was drawn twice")
	}
	ru := lang.Of(lang.Russian)
	inRussian, _ := p.get(ru, st(1, 1), false)
	if bytes.Equal(inRussian.png, a.png) || inRussian.alt == a.alt {
		t.Errorf("the Russian picture is the English one: alt %q", inRussian.alt)
	}
	if again, _ := p.get(ru, st(1, 1), false); &again.png[0] != &inRussian.png[0] {
		t.Error("the same game and version in Russian was drawn twice")
	}
	if turned, _ := p.get(lang.En, st(1, 1), true); bytes.Equal(turned.png, a.png) {
		t.Error("the board turned is the same picture as the board")
	}
	next, _ := p.get(lang.En, st(1, 2), false)
	if &next.png[0] == &a.png[0] || !bytes.Equal(next.png, a.png) {
		t.Error("a new version should be drawn anew (here the same position, so the same picture)")
	}
	for id := int64(2); id < 2+kept; id++ {
		p.get(lang.En, st(id, 1), false)
	}
	if len(p.byID) != kept {
		t.Errorf("%d pictures kept, want at most %d", len(p.byID), kept)
	}
	if old, _ := p.get(lang.En, st(1, 1), false); &old.png[0] == &a.png[0] {
		t.Error("the oldest picture was kept past the bound")
	}
}
