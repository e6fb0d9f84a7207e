package render

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"math/bits"
	"sync"
)

// encodeGIF writes anim as image/gif's EncodeAll does, byte for byte, for
// the animations Replay makes: one global palette that every frame uses.
// Only its LZW coder differs (lzwCoder, below): the frames are mostly runs of
// the transparent colour, which it takes a run at a time where compress/lzw
// takes a byte at a time.
func encodeGIF(anim *gif.GIF) ([]byte, error) {
	global, ok := anim.Config.ColorModel.(color.Palette)
	switch {
	case !ok || len(global) == 0 || len(global) > 256:
		return nil, errors.New("render: gif: no global palette of 1 to 256 colours")
	case len(anim.Image) == 0 || len(anim.Image) != len(anim.Delay):
		return nil, errors.New("render: gif: frames and delays do not match")
	case anim.Disposal != nil && len(anim.Disposal) != len(anim.Image):
		return nil, errors.New("render: gif: frames and disposals do not match")
	}
	e := gifEncoders.Get().(*gifEncoder)
	defer gifEncoders.Put(e)
	e.out = e.out[:0]
	e.header(anim, global)
	for i, f := range anim.Image {
		disposal := byte(0)
		if anim.Disposal != nil {
			disposal = anim.Disposal[i]
		}
		if err := e.frame(anim, global, f, anim.Delay[i], disposal); err != nil {
			return nil, err
		}
	}
	e.out = append(e.out, 0x3b) // trailer
	out := make([]byte, len(e.out))
	copy(out, e.out)
	return out, nil
}

var gifEncoders = sync.Pool{New: func() any { return new(gifEncoder) }}

type gifEncoder struct {
	out    []byte
	codes  []byte // a frame's LZW stream before it is cut into blocks
	global [3 * 256]byte
	local  [3 * 256]byte
	lzw    lzwCoder
}

// colourTable writes p's colours padded to the power of two size takes, and
// returns how many bytes that is.
func colourTable(dst []byte, p color.Palette, size int) int {
	for i, c := range p {
		if c, ok := c.(color.RGBA); ok {
			dst[3*i], dst[3*i+1], dst[3*i+2] = c.R, c.G, c.B
			continue
		}
		r, g, b, _ := c.RGBA()
		dst[3*i], dst[3*i+1], dst[3*i+2] = uint8(r>>8), uint8(g>>8), uint8(b>>8)
	}
	n := 3 << (size + 1)
	clear(dst[3*len(p) : n])
	return n
}

// tableSize is the colour table's size field: 2^(size+1) entries.
func tableSize(colours int) int {
	if colours < 2 {
		return 0
	}
	return bits.Len(uint(colours-1)) - 1
}

func (e *gifEncoder) header(anim *gif.GIF, global color.Palette) {
	e.out = append(e.out, "GIF89a"...)
	e.out = binary.LittleEndian.AppendUint16(e.out, uint16(anim.Config.Width))
	e.out = binary.LittleEndian.AppendUint16(e.out, uint16(anim.Config.Height))
	size := tableSize(len(global))
	e.out = append(e.out, 0x80|uint8(size), anim.BackgroundIndex, 0)
	n := colourTable(e.global[:], global, size)
	e.out = append(e.out, e.global[:n]...)
	if len(anim.Image) > 1 && anim.LoopCount >= 0 {
		e.out = append(e.out, 0x21, 0xff, 0x0b)
		e.out = append(e.out, "NETSCAPE2.0"...)
		e.out = append(e.out, 3, 1)
		e.out = binary.LittleEndian.AppendUint16(e.out, uint16(anim.LoopCount))
		e.out = append(e.out, 0)
	}
}

// frame writes one image block: its graphic control (delay, disposal and
// the transparent colour), its place, and its pixels LZW coded.
func (e *gifEncoder) frame(anim *gif.GIF, global color.Palette, f *image.Paletted, delay int, disposal byte) error {
	b := f.Rect
	if b.Min.X < 0 || b.Max.X >= 1<<16 || b.Min.Y < 0 || b.Max.Y >= 1<<16 ||
		!b.In(image.Rect(0, 0, anim.Config.Width, anim.Config.Height)) {
		return errors.New("render: gif: a frame out of the picture")
	}
	if len(f.Palette) == 0 || len(f.Palette) > len(global) {
		return errors.New("render: gif: a frame with a palette of its own")
	}
	transparent := -1
	for i, c := range f.Palette {
		if _, _, _, a := c.RGBA(); a == 0 {
			transparent = i
			break
		}
	}
	if !e.usesGlobal(global, f.Palette, transparent) {
		return errors.New("render: gif: a frame with a palette of its own")
	}
	if delay > 0 || disposal != 0 || transparent >= 0 {
		flags, index := disposal<<2, byte(0)
		if transparent >= 0 {
			flags, index = flags|1, byte(transparent)
		}
		e.out = append(e.out, 0x21, 0xf9, 4, flags)
		e.out = binary.LittleEndian.AppendUint16(e.out, uint16(delay))
		e.out = append(e.out, index, 0)
	}
	e.out = append(e.out, 0x2c)
	for _, v := range []int{b.Min.X, b.Min.Y, b.Dx(), b.Dy()} {
		e.out = binary.LittleEndian.AppendUint16(e.out, uint16(v))
	}
	litWidth := max(tableSize(len(f.Palette))+1, 2)
	if litWidth < 8 {
		for _, x := range f.Pix {
			if x>>litWidth != 0 {
				return errors.New("render: gif: a pixel beyond the palette's codes")
			}
		}
	}
	e.out = append(e.out, 0, byte(litWidth)) // no local table; LZW code size
	e.codes = e.lzw.encode(e.codes[:0], f, uint(litWidth))
	e.blocks()
	return nil
}

// usesGlobal tells whether a frame's palette is the global one, the same
// slice or the same colours (its transparent entry aside), as image/gif
// decides it.
func (e *gifEncoder) usesGlobal(global, p color.Palette, transparent int) bool {
	if &global[0] == &p[0] {
		return true
	}
	n := colourTable(e.local[:], p, tableSize(len(p)))
	if n > 3<<(tableSize(len(global))+1) {
		return false
	}
	for i := range p {
		if i != transparent && [3]byte(e.local[3*i:]) != [3]byte(e.global[3*i:]) {
			return false
		}
	}
	return true
}

// blocks appends the LZW stream cut into sub-blocks of at most 255 bytes,
// and the empty block that ends it.
func (e *gifEncoder) blocks() {
	for c := e.codes; len(c) > 0; {
		n := min(len(c), 255)
		e.out = append(e.out, byte(n))
		e.out = append(e.out, c[:n]...)
		c = c[n:]
	}
	e.out = append(e.out, 0)
}

// unchanged sets out to next, but transparentIndex where next is prev,
// eight pixels at a time: transparentIndex is all ones, so it is next with
// every bit of an unchanged pixel set.
func unchanged(out, prev, next []byte) {
	const low7, high = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	x := 0
	for ; x+8 <= len(out); x += 8 {
		p, n := binary.LittleEndian.Uint64(prev[x:]), binary.LittleEndian.Uint64(next[x:])
		d := p ^ n
		changed := ((d&low7 + low7) | d) & high >> 7 * 0xFF // 0xFF in each byte that differs
		binary.LittleEndian.PutUint64(out[x:], n|^changed)
	}
	for ; x < len(out); x++ {
		out[x] = next[x]
		if prev[x] == next[x] {
			out[x] = transparentIndex
		}
	}
}

// lzwCoder is GIF's variable-length LZW (least significant bit first), with
// the code sequence compress/lzw writes: a clear code first, a clear code
// whenever the 4096th code would be made, the end code last.
//
// The dictionary is a tree of codes. A run of one byte c, the bulk of the
// frames, climbs its chain of codes c, cc, ccc, ... one byte at a time in a
// plain coder; here each byte keeps its chain in an array (run), so a run
// of any length is one look-up: to the code of the whole run if the chain
// is that long, else to the chain's end, which is then sent. Other children
// are found in the tree's lists of siblings.
type lzwCoder struct {
	first [4096]uint16  // a code's most recently made child outside runs, 0 if none
	next  [4096]uint16  // the child made before this one of the same parent
	last  [4096]byte    // the byte a code adds to its parent's string
	run   [256][]uint16 // run[c][k] is the code of k bytes c, from k = 1
	out   []byte

	litWidth, width         uint
	clearCode, hi, overflow uint32
	acc                     uint64
	n                       uint
	code                    uint32 // the string matched so far
	runK                    int    // its length when it is a run of runByte, else 0
	runByte                 byte
}

const maxLZWCode = 1<<12 - 1

// encode appends f's pixels, LZW coded, to out.
func (z *lzwCoder) encode(out []byte, f *image.Paletted, litWidth uint) []byte {
	z.out, z.acc, z.n = out, 0, 0
	z.litWidth, z.clearCode = litWidth, 1<<litWidth
	z.reset()
	z.put(z.clearCode)
	w, h := f.Rect.Dx(), f.Rect.Dy()
	if w > 0 && h > 0 {
		z.code, z.runK, z.runByte = uint32(f.Pix[0]), 1, f.Pix[0]
		if w == f.Stride {
			z.add(f.Pix[1 : w*h])
		} else {
			z.add(f.Pix[1:w])
			for y := 1; y < h; y++ {
				z.add(f.Pix[y*f.Stride:][:w])
			}
		}
		z.put(z.code)
		z.newCode()
	}
	z.put(z.clearCode + 1) // end of the data
	if z.n > 0 {
		z.out = append(z.out, byte(z.acc))
	}
	return z.out
}

// add codes the bytes of data after those before.
func (z *lzwCoder) add(data []byte) {
	for i := 0; i < len(data); {
		x := data[i]
		if z.runK > 0 && x == z.runByte {
			i += z.extendRun(data[i:], x)
			continue
		}
		i++
		if k := z.child(x); k != 0 {
			z.code, z.runK = uint32(k), 0
			continue
		}
		z.put(z.code)
		if z.newCode() {
			z.last[z.hi], z.next[z.hi], z.first[z.code] = x, z.first[z.code], uint16(z.hi)
		}
		z.code, z.runK, z.runByte = uint32(x), 1, x
	}
}

// child finds the code's child for x in its list of siblings, and moves it
// to the front: the pictures repeat, so a child found once is soon looked
// for again.
func (z *lzwCoder) child(x byte) uint16 {
	k := z.first[z.code]
	if k == 0 || z.last[k] == x {
		return k
	}
	for prev := k; ; prev = k {
		if k = z.next[prev]; k == 0 || z.last[k] == x {
			if k != 0 {
				z.next[prev], z.next[k], z.first[z.code] = z.next[k], z.first[z.code], k
			}
			return k
		}
	}
}

// extendRun takes the run of x that data starts with onto the run of x
// matched so far, and returns its length. Where the chain ends, its last
// code is sent and the next x starts the match again, as in any LZW.
func (z *lzwCoder) extendRun(data []byte, x byte) int {
	r := runLen(data, x)
	for left := r; ; {
		chain := z.run[x]
		end := len(chain) - 1
		if z.runK+left <= end {
			z.code, z.runK = uint32(chain[z.runK+left]), z.runK+left
			return r
		}
		left -= end - z.runK + 1
		z.put(uint32(chain[end]))
		if z.newCode() {
			z.run[x] = append(chain, uint16(z.hi))
		}
		z.code, z.runK = uint32(x), 1
	}
}

// reset empties the dictionary.
func (z *lzwCoder) reset() {
	z.width, z.hi, z.overflow = z.litWidth+1, z.clearCode+1, z.clearCode<<1
	clear(z.first[:])
	for c := range z.run {
		z.run[c] = append(z.run[c][:0], 0, uint16(c))
	}
}

// newCode counts the code made from the one just sent and the next byte,
// clearing the dictionary when it is full; it reports whether the code was
// made.
func (z *lzwCoder) newCode() bool {
	z.hi++
	if z.hi == z.overflow {
		z.width++
		z.overflow <<= 1
	}
	if z.hi == maxLZWCode {
		z.put(z.clearCode)
		z.reset()
		return false
	}
	return true
}

func (z *lzwCoder) put(c uint32) {
	z.acc |= uint64(c) << z.n
	z.n += z.width
	for z.n >= 8 {
		z.out = append(z.out, byte(z.acc))
		z.acc >>= 8
		z.n -= 8
	}
}
