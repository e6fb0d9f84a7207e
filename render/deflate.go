package render

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The deflate step of encodePNG (RFC 1951). It sees the picture as rows and
// tries, at each byte, the two matches a flat picture is made of: the row
// above (distance = the row's length) and a run of the byte before
// (distance 1). Only where both fail does it look up a small hash table of
// the 4-byte sequences seen at earlier such places, which finds a piece or a
// letter repeated nearby. Tokens go out in dynamic Huffman blocks of about
// blockTokens tokens, cut at band ends.
const (
	minMatch    = 3
	maxMatch    = 258
	maxDistance = 32768
	blockTokens = 1 << 14
	hashBits    = 12
)

// A token is a literal byte (below 1<<31) or a match: the flag, the
// distance's code in bits 24-28, length-3 in bits 16-23 and distance-1 in
// bits 0-14.
type token uint32

const matchFlag = 1 << 31

type deflater struct {
	bw     bitWriter
	tokens []token
	hash   [1 << hashBits]uint64 // row+1 and column of the last literal with that 4-byte hash
	n      int                   // a row's length: the filter byte and the pixels
	// windowRow is the first row the hash table's matches may reach back
	// to: the band's own, so that a band's tokens depend on nothing but its
	// rows and the row above (which the row-above matches read).
	windowRow int
	litLen    [286]int32
	dist      [30]int32
	huff      huffman
}

func (d *deflater) start(out []byte, n int) {
	d.bw.start(out)
	d.tokens = d.tokens[:0]
	d.hash = [1 << hashBits]uint64{}
	d.n = n
}

// row adds row y's tokens, cur its pixels and prev the row above's (nil for
// the first), and says whether the row repeats the one above entirely.
func (e *pngEncoder) row(y int, cur, prev []byte) bool {
	d := &e.deflater
	n := len(cur) + 1
	up := prev != nil && n <= maxDistance
	j, same := 0, false
	if l := 0; up {
		l = prefixLen(cur, prev)
		same = l == len(cur)
		if l+1 >= minMatch {
			d.match(l+1, n)
			j = l
		} else {
			d.literal(0)
		}
	} else {
		d.literal(0)
	}
	for j < len(cur) {
		best, dist := 0, 0
		if up && cur[j] == prev[j] { // a byte's test first spares most calls
			best, dist = prefixLen(cur[j:], prev[j:]), n
		}
		if j > 0 && cur[j] == cur[j-1] {
			if l := runLen(cur[j:], cur[j-1]); l >= best {
				best, dist = l, 1
			}
		}
		if best < minMatch && j+4 <= len(cur) {
			best, dist = e.lookBack(y, j, cur)
		}
		if best >= minMatch {
			d.match(best, dist)
			j += best
			continue
		}
		d.literal(cur[j])
		j++
	}
	return same
}

// lookBack finds a match for cur[j:] at the last place its first four bytes
// were seen as a literal, and records this place. Places are kept as row
// and column, which spares a division to find the row again.
func (e *pngEncoder) lookBack(y, j int, cur []byte) (int, int) {
	d := &e.deflater
	h := binary.LittleEndian.Uint32(cur[j:]) * 0x9E3779B1 >> (32 - hashBits)
	q := d.hash[h]
	d.hash[h] = uint64(y+1)<<32 | uint64(j)
	qy, qx := int(q>>32)-1, int(uint32(q))
	if q == 0 || qy < d.windowRow {
		return 0, 0
	}
	dist := (y-qy)*d.n + j - qx
	if dist > maxDistance {
		return 0, 0
	}
	cand := e.rowPix(qy)[qx:]
	if binary.LittleEndian.Uint32(cand) != binary.LittleEndian.Uint32(cur[j:]) {
		return 0, 0
	}
	return 4 + prefixLen(cur[j+4:], cand[4:]), dist
}

func (d *deflater) literal(b byte) {
	d.tokens = append(d.tokens, token(b))
	d.litLen[b]++
}

// match adds a match of any length, as pieces of at most maxMatch bytes.
func (d *deflater) match(l, dist int) {
	for l >= minMatch {
		m := min(l, maxMatch)
		if r := l - m; r > 0 && r < minMatch {
			m = l - minMatch
		}
		dc := distCode(dist - 1)
		d.tokens = append(d.tokens, matchFlag|token(dc)<<24|token(m-minMatch)<<16|token(dist-1))
		d.litLen[257+int(lengthCode[m-minMatch])]++
		d.dist[dc]++
		l -= m
	}
}

// finish writes the last block and returns the output with the deflate
// stream appended.
func (d *deflater) finish() []byte {
	d.block(true)
	return d.bw.flush()
}

// block writes the tokens so far as one dynamic Huffman block.
func (d *deflater) block(final bool) {
	d.litLen[256]++ // end of block
	h := &d.huff
	h.build(d.litLen[:], d.dist[:])
	d.bw.reserve(6*len(d.tokens) + 1024) // a token takes at most 48 bits
	head := uint64(2 << 1)               // dynamic Huffman codes
	if final {
		head |= 1
	}
	d.bw.write(head, 3)
	h.writeHeader(&d.bw)
	h.tables()
	for _, t := range d.tokens {
		if t&matchFlag == 0 {
			c := h.lit[t]
			d.bw.write(uint64(c&0xffffff), uint(c>>24))
			continue
		}
		l, dc := h.length[t>>16&0xff], h.distance[t>>24&31]
		dist := uint64(t&0x7fff) - uint64(distBase[t>>24&31])
		v := uint64(l&0xffffff) | (uint64(dc&0xffff)|dist<<(dc>>16&31))<<(l>>24)
		d.bw.write(v, uint(l>>24+dc>>16&31+dc>>21))
	}
	d.bw.write(uint64(h.litCode[256]), uint(h.litLen[256]))
	d.tokens = d.tokens[:0]
	d.litLen = [286]int32{}
	d.dist = [30]int32{}
}

// prefixLen is how many leading bytes a and b have in common, compared 32
// bytes at a time while they agree.
func prefixLen(a, b []byte) int {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	i := 0
	for ; i+32 <= n; i += 32 {
		x := (binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])) |
			(binary.LittleEndian.Uint64(a[i+8:]) ^ binary.LittleEndian.Uint64(b[i+8:])) |
			(binary.LittleEndian.Uint64(a[i+16:]) ^ binary.LittleEndian.Uint64(b[i+16:])) |
			(binary.LittleEndian.Uint64(a[i+24:]) ^ binary.LittleEndian.Uint64(b[i+24:]))
		if x != 0 {
			break
		}
	}
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// runLen is how many leading bytes of a are c.
func runLen(a []byte, c byte) int {
	all := uint64(c) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ all; x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < len(a) && a[i] == c; i++ {
	}
	return i
}

// bitWriter packs codes least significant bit first, as deflate wants. It
// writes into room made beforehand (reserve), eight bytes at a time,
// keeping fewer than eight bits back, which takes no branch.
type bitWriter struct {
	out  []byte // len(out) is its capacity; pos is the length written
	pos  int
	bits uint64
	n    uint
}

func (w *bitWriter) start(out []byte) {
	*w = bitWriter{out: out[:cap(out)], pos: len(out)}
}

// reserve makes room for n more bytes.
func (w *bitWriter) reserve(n int) {
	if w.pos+n+8 > len(w.out) {
		w.out = slices.Grow(w.out[:w.pos], n+8)
		w.out = w.out[:cap(w.out)]
	}
}

// write adds the low nb bits of v; nb is at most 56.
func (w *bitWriter) write(v uint64, nb uint) {
	w.bits |= v << w.n
	w.n += nb
	binary.LittleEndian.PutUint64(w.out[w.pos:], w.bits)
	k := w.n >> 3
	w.pos += int(k)
	w.bits >>= k * 8
	w.n &= 7
}

// flush writes the bits left, padded with zeros to a whole byte, and
// returns all that was written.
func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.reserve(1)
		w.out[w.pos] = byte(w.bits)
		w.pos++
	}
	w.bits, w.n = 0, 0
	return w.out[:w.pos]
}

// The length and distance codes of RFC 1951, 3.2.5.
var (
	lengthBase  [29]uint16
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	lengthCode  [256]uint8 // by length-3
	distBase    [30]uint16 // distance-1 of the code's first distance
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	distLow     [256]uint8 // distance codes of distances-1 below 256
	distHigh    [256]uint8 // and of the others, by (distance-1)>>7
)

func init() {
	l := 0
	for c := range 28 {
		lengthBase[c] = uint16(l)
		for range 1 << lengthExtra[c] {
			lengthCode[l] = uint8(c)
			l++
		}
	}
	lengthBase[28], lengthCode[255] = 255, 28 // length 258 has a code of its own
	d := 0
	for c := range 30 {
		distBase[c] = uint16(d)
		for range 1 << distExtra[c] {
			if d < 256 {
				distLow[d] = uint8(c)
			} else {
				distHigh[d>>7] = uint8(c)
			}
			d++
		}
	}
}

// distCode is the code of a distance less one.
func distCode(d int) int {
	if d < 256 {
		return int(distLow[d])
	}
	return int(distHigh[d>>7])
}

// huffman builds the block's codes and writes them in the block header.
type huffman struct {
	litLen   [286]uint8
	litCode  [286]uint16
	distLen  [30]uint8
	distCode [30]uint16
	clLen    [19]uint8
	clCode   [19]uint16
	lens     [286 + 30]uint8 // the two code lengths in a row, for the header
	// Each symbol's code and bit count (top byte), for the tokens: the
	// literals, and the lengths by length-3 with their extra bits; the
	// distance codes with their length in bits 16-20 and their count of
	// extra bits from bit 21.
	lit      [256]uint32
	length   [256]uint32
	distance [30]uint32
	rle      []uint16 // header symbols: code-length symbol | extra bits << 5
	tree     treeBuilder
}

func (h *huffman) build(litFreq, distFreq []int32) {
	h.tree.lengths(litFreq, 15, h.litLen[:])
	canonical(h.litLen[:], h.litCode[:])
	h.tree.lengths(distFreq, 15, h.distLen[:])
	canonical(h.distLen[:], h.distCode[:])
}

// tables fills lit, length and distance from the codes.
func (h *huffman) tables() {
	for b := range h.lit {
		h.lit[b] = uint32(h.litCode[b]) | uint32(h.litLen[b])<<24
	}
	for l := range h.length {
		c := int(lengthCode[l])
		n := uint32(h.litLen[257+c])
		h.length[l] = (uint32(h.litCode[257+c]) | uint32(l-int(lengthBase[c]))<<n) | (n+uint32(lengthExtra[c]))<<24
	}
	for c := range h.distance {
		h.distance[c] = uint32(h.distCode[c]) | uint32(h.distLen[c])<<16 | uint32(distExtra[c])<<21
	}
}

// clOrder is the order code-length code lengths are sent in.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeHeader writes HLIT, HDIST, HCLEN and the code lengths, themselves
// run-length coded and Huffman coded.
func (h *huffman) writeHeader(w *bitWriter) {
	nLit, nDist := 286, 30
	for nLit > 257 && h.litLen[nLit-1] == 0 {
		nLit--
	}
	for nDist > 1 && h.distLen[nDist-1] == 0 {
		nDist--
	}
	lens := h.lens[:0]
	lens = append(lens, h.litLen[:nLit]...)
	lens = append(lens, h.distLen[:nDist]...)
	var freq [19]int32
	h.rle = runLengths(h.rle[:0], lens, &freq)
	h.tree.lengths(freq[:], 7, h.clLen[:])
	canonical(h.clLen[:], h.clCode[:])
	nCL := 19
	for nCL > 4 && h.clLen[clOrder[nCL-1]] == 0 {
		nCL--
	}
	w.write(uint64(nLit-257), 5)
	w.write(uint64(nDist-1), 5)
	w.write(uint64(nCL-4), 4)
	for _, s := range clOrder[:nCL] {
		w.write(uint64(h.clLen[s]), 3)
	}
	for _, r := range h.rle {
		s, extra := r&31, uint64(r>>5)
		w.write(uint64(h.clCode[s]), uint(h.clLen[s]))
		switch s {
		case 16:
			w.write(extra, 2)
		case 17:
			w.write(extra, 3)
		case 18:
			w.write(extra, 7)
		}
	}
}

// runLengths codes lens with the repeat symbols 16 (the last length 3-6
// times), 17 (3-10 zeros) and 18 (11-138 zeros), counting the symbols.
func runLengths(out []uint16, lens []uint8, freq *[19]int32) []uint16 {
	add := func(s, extra int) {
		out = append(out, uint16(s|extra<<5))
		freq[s]++
	}
	for i := 0; i < len(lens); {
		v, run := lens[i], 1
		for i+run < len(lens) && lens[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for ; run >= 11; run -= min(run, 138) {
				add(18, min(run, 138)-11)
			}
			if run >= 3 {
				add(17, run-3)
				run = 0
			}
			for ; run > 0; run-- {
				add(0, 0)
			}
			continue
		}
		add(int(v), 0)
		for run--; run >= 3; run -= min(run, 6) {
			add(16, min(run, 6)-3)
		}
		for ; run > 0; run-- {
			add(int(v), 0)
		}
	}
	return out
}

// canonical assigns the canonical codes of RFC 1951, 3.2.2, bit-reversed
// for the least-significant-first writer.
func canonical(lens []uint8, codes []uint16) {
	var count, next [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l == 0 {
			codes[s] = 0
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// treeBuilder computes Huffman code lengths, keeping its scratch space.
type treeBuilder struct {
	leaves []leaf
	weight []int64
	parent []int32
	depth  []uint8
}

type leaf struct {
	freq int64
	sym  int32
}

// lengths sets lens to the code lengths of a Huffman code for freq, none
// longer than limit. Every code has at least two symbols (padding with
// unused ones), so that every decoder takes it as complete. Too long a code
// is rebuilt from halved frequencies, which flattens the tree.
func (t *treeBuilder) lengths(freq []int32, limit uint8, lens []uint8) {
	for shift := uint(0); ; shift++ {
		t.leaves = t.leaves[:0]
		for s, f := range freq {
			if f > 0 {
				t.leaves = append(t.leaves, leaf{max(int64(f)>>shift, 1), int32(s)})
			}
		}
		for s := 0; len(t.leaves) < 2; s++ {
			if freq[s] == 0 {
				t.leaves = append(t.leaves, leaf{1, int32(s)})
			}
		}
		if t.build(limit, lens) {
			return
		}
	}
}

// build makes the tree with the two-queue method and reports whether every
// length is within limit.
func (t *treeBuilder) build(limit uint8, lens []uint8) bool {
	slices.SortFunc(t.leaves, func(a, b leaf) int {
		if a.freq != b.freq {
			return int(a.freq - b.freq)
		}
		return int(a.sym - b.sym)
	})
	n := len(t.leaves)
	t.weight = t.weight[:0]
	t.parent = slices.Grow(t.parent[:0], 2*n)[:2*n-1]
	for _, l := range t.leaves {
		t.weight = append(t.weight, l.freq)
	}
	li, ni := 0, n // the next leaf and the next internal node to take
	pick := func() int {
		if li < n && (ni >= len(t.weight) || t.weight[li] <= t.weight[ni]) {
			li++
			return li - 1
		}
		ni++
		return ni - 1
	}
	for len(t.weight) < 2*n-1 {
		a, b := pick(), pick()
		t.parent[a], t.parent[b] = int32(len(t.weight)), int32(len(t.weight))
		t.weight = append(t.weight, t.weight[a]+t.weight[b])
	}
	t.depth = slices.Grow(t.depth[:0], 2*n)[:2*n-1]
	t.depth[2*n-2] = 0
	for i := 2*n - 3; i >= 0; i-- {
		t.depth[i] = t.depth[t.parent[i]] + 1
		if t.depth[i] > limit {
			return false
		}
	}
	clear(lens)
	for i, l := range t.leaves {
		lens[l.sym] = t.depth[i]
	}
	return true
}
