package kit

import (
	"sync"

	"kilab/lang"
	"kilab/render"
)

// pictures keeps the boards drawn lately. A turn's board goes to the game's
// thread and, a moment later, to the next player by DM: the same game at the
// same version, so the same picture, unless the player reads another
// language than the server (the picture's words and its alt text are said in
// the reader's). Drawing it once saves a few milliseconds of a core per turn,
// which a busy bot spends on everything else.
type pictures struct {
	mu   sync.Mutex
	byID map[pictureKey]picture
	ring []pictureKey // the keys in the order they came; the oldest goes first
	next int
}

// pictureKey is a game at a version in a language: all a board's picture
// depends on. What it marks (every move since the reader's last, Last.Span)
// comes from the record at that version, and its reader is the seat on move
// there, the same for the thread's board and every DM copy: no other reader
// or moment draws it otherwise.
type pictureKey struct {
	game, version int64
	lang          lang.Tag
	turned        bool // drawn from the second seat's side (BoardOpts.Turned)
}

type picture struct {
	png []byte
	alt string
}

// picturesKept bounds the cache: a board is 20 to 30 KB, so about 30 MB. A
// click draws the next board and the copy delivers it (store.DB.Owner) a
// moment later, or, when its deliveries lag behind the moves, seconds later:
// the cache must outlast that lag, or the copy draws each board again just
// when it has least time to, and falls further behind. 1,024 boards are ten
// seconds of a hundred moves a second.
const picturesKept = 1024

func newPictures(kept int) *pictures {
	return &pictures{byID: map[pictureKey]picture{}, ring: make([]pictureKey, kept)}
}

// get returns the picture of s's game at its version in l, drawing it unless
// it was drawn lately. The bytes are shared: callers must not change them.
func (p *pictures) get(l *lang.Lang, s *State, turned bool) (picture, error) {
	key := pictureKey{s.G.ID, s.G.Version, l.Tag(), turned}
	p.mu.Lock()
	pic, ok := p.byID[key]
	p.mu.Unlock()
	if ok {
		return pic, nil
	}
	last := s.Pictured(l)
	last.Turned = turned
	png, err := render.Board(l, s.Game, s.G.Config, s.Pos, last)
	if err != nil {
		return picture{}, err
	}
	pic = picture{png: png, alt: render.Describe(l, s.Game, s.G.Config, s.Pos, last)}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.byID[key]; !ok {
		delete(p.byID, p.ring[p.next])
		p.ring[p.next] = key
		p.next = (p.next + 1) % len(p.ring)
		p.byID[key] = pic
	}
	return pic, nil
}
