package render

import (
	"hash/maphash"
	"sync"
)

// bandRows is how many rows a band of the PNG cache holds: small enough
// that a move leaves most bands of the board as they were, large enough
// that a band's key and look-up cost little beside its coding.
const bandRows = 16

// maxBandTokens bounds what a cached band holds: a band of a board takes a
// few hundred tokens, one of a large noisy picture could take hundreds of
// thousands, which the cache does not keep.
const maxBandTokens = 4096

// A band is the deflate tokens of a band of rows, their symbol counts and
// the Adler-32 sums of the band's bytes (filter bytes and pixels) from 0.
// It is never changed once made, so it is read without a lock.
type band struct {
	tokens []token
	litLen [286]uint32 // a band of a wide picture may hold more than 65535 of one
	dist   [30]uint32
	a, b   uint32
}

// bandCache keeps the bands of recent pictures. Pictures of one game share
// their background, and a move changes a few rows, so most of a board's
// bands were coded for the board before. It holds two generations: a band
// found in the old one moves to the new, and when the new one is full the
// old is dropped, so it keeps at most twice its limit, the most recently
// used.
type bandCache struct {
	mu       sync.Mutex
	cur, old map[bandKey]*band
	limit    int
}

// A bandKey names a band by a hash of its pixels and of the row above it
// (on which its matches draw), with its place in the picture's shape.
type bandKey struct {
	hash        uint64
	width, rows int32
	first       bool // the band starts the picture: no row above
}

var bands = newBandCache(1024)

var bandSeed = maphash.MakeSeed()

func newBandCache(limit int) *bandCache {
	return &bandCache{cur: map[bandKey]*band{}, old: map[bandKey]*band{}, limit: limit}
}

func (c *bandCache) get(k bandKey) (*band, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.cur[k]; ok {
		return b, true
	}
	b, ok := c.old[k]
	if ok {
		c.store(k, b)
	}
	return b, ok
}

func (c *bandCache) put(k bandKey, b *band) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.store(k, b)
}

func (c *bandCache) store(k bandKey, b *band) {
	if len(c.cur) >= c.limit {
		c.old, c.cur = c.cur, make(map[bandKey]*band, c.limit)
	}
	c.cur[k] = b
}

// bandKey hashes rows y0-1 (if any) to y1 (not included).
func (e *pngEncoder) bandKey(y0, y1 int) bandKey {
	w := e.img.Rect.Dx()
	k := bandKey{width: int32(w), rows: int32(y1 - y0), first: y0 == 0}
	from := max(y0-1, 0)
	if e.img.Stride == w { // the rows follow each other in Pix
		i := e.img.PixOffset(e.img.Rect.Min.X, e.img.Rect.Min.Y+from)
		k.hash = maphash.Bytes(bandSeed, e.img.Pix[i:i+(y1-from)*w])
		return k
	}
	var h maphash.Hash
	h.SetSeed(bandSeed)
	for y := from; y < y1; y++ {
		h.Write(e.rowPix(y))
	}
	k.hash = h.Sum64()
	return k
}

// clear empties the cache, for benchmarks of coding from nothing.
func (c *bandCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur, c.old = map[bandKey]*band{}, map[bandKey]*band{}
}
