package games

import "strconv"

// MaxQuote is how much of a player's input an error message repeats.
const MaxQuote = 60

// Quote quotes s for an error message, as %q does, but at most its first
// MaxQuote bytes followed by "…" and its length: a 120 kB position must not
// make a 120 kB error line.
func Quote(s string) string {
	head, cut := prefix(s)
	if !cut {
		return strconv.Quote(s)
	}
	return strconv.Quote(head) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// clipText is s, or its first MaxQuote bytes and "…", for text already
// readable as it is (a record token).
func clipText(s string) string {
	if head, cut := prefix(s); cut {
		return head + "…"
	}
	return s
}

// prefix is s cut to at most MaxQuote bytes at a rune boundary, and whether
// anything was cut.
func prefix(s string) (string, bool) {
	if len(s) <= MaxQuote {
		return s, false
	}
	cut := MaxQuote
	for cut > 0 && s[cut]&0xC0 == 0x80 { // inside a multi-byte rune
		cut--
	}
	return s[:cut], true
}
