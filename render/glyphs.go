package render

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
)

// The pictures draw in Go Bold, which covers Latin, Greek and Cyrillic: every
// word of the catalogs, but not every character of a player's name. A
// character it has no glyph for would be drawn as its empty box (".notdef"),
// which reads as a broken picture. No face that Kilab can embed fills the gap
// for emoji: the Go fonts all share one character set, and the only emoji
// face among the Go modules is a 4 MB colour font that comes inside a GUI
// toolkit. So before drawing, drawable keeps what the font can draw, drops
// what is invisible anyway (emoji presentation selectors, skin tones,
// joiners, tags, marks the font cannot place) and draws one neutral
// substitute for each symbol the font lacks, an emoji sequence counted as one
// symbol: "Ana 🐍" is drawn "Ana ○", "♥️" keeps the font's own ♥.

// missingGlyph stands for a character the font cannot draw.
const missingGlyph = '○'

const (
	zeroWidthJoiner = '\u200D'
	skinToneFirst   = '\U0001F3FB' // the five emoji skin tone modifiers
	skinToneLast    = '\U0001F3FF'
	regionalFirst   = '\U0001F1E6' // regional indicators: two make a flag
	regionalLast    = '\U0001F1FF'
)

// glyphCovered caches whether the font has a glyph for a rune: a map read is
// cheaper than the font's character map, and names repeat.
var glyphCovered sync.Map // rune -> bool

var glyphBuffers = sync.Pool{New: func() any { return new(sfnt.Buffer) }}

// hasGlyph reports whether the font draws r as itself, not as its box.
func hasGlyph(r rune) bool {
	if r >= 0x20 && r < 0x7F {
		return true
	}
	if v, ok := glyphCovered.Load(r); ok {
		return v.(bool)
	}
	buf := glyphBuffers.Get().(*sfnt.Buffer)
	i, err := boldFont.GlyphIndex(buf, r)
	glyphBuffers.Put(buf)
	ok := err == nil && i != 0 && !unicode.IsControl(r)
	glyphCovered.Store(r, ok)
	return ok
}

// invisible reports whether r takes no room of its own in a name: it changes
// or joins the character before it, or is a control character.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Cc) || r >= skinToneFirst && r <= skinToneLast
}

func regional(r rune) bool { return r >= regionalFirst && r <= regionalLast }

// plain reports whether s is printable ASCII, which the font draws whole.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7F {
			return false
		}
	}
	return true
}

// drawable is s as the font can draw it (see above).
func drawable(s string) string {
	if plain(s) {
		return s
	}
	s = norm.NFC.String(s) // "e" and a combining accent become the font's "é"
	var b strings.Builder
	// sub: the last character written was a substitute; joined: a joiner
	// followed it, so the next symbol belongs to it; flag: it stands for a
	// lone regional indicator, which the next one makes a flag.
	sub, joined, flag := false, false, false
	for _, r := range s {
		switch {
		case r == zeroWidthJoiner:
			joined = sub
		case joined: // "🤷‍♀": the ♀ is part of the symbol already stood for
			joined = false
		case hasGlyph(r):
			b.WriteRune(r)
			sub, flag = false, false
		case unicode.Is(unicode.Zs, r):
			b.WriteRune(' ')
			sub, flag = false, false
		case invisible(r):
		case flag && regional(r):
			flag = false
		default:
			b.WriteRune(missingGlyph)
			sub, joined, flag = true, false, regional(r)
		}
	}
	return b.String()
}
