package aseb_test

import (
	"testing"

	"kilab/games"
	"kilab/lang"
)

// Buttons word moves (games.Labeler); the notation stays what /move takes.
func TestLabels(t *testing.T) {
	for _, tc := range []struct{ pos, move, want string }{
		{"c:- s:- c:2", "in-2", "enter on 2"},
		{"c:- s:- c:4", "in-4", "enter on 4, throw again"},
		{"c:5,9 s:8 c:4", "5x8", "5 → 8, captures, throw again"},
		{"c:5,9 s:8 c:4", "9-13", "9 → 13"},
		{"c:1 s:5 c:4", "1x5", "1 → 5, captures"},
		{"c:14,15+3 s:- c:2", "15-off", "bear off from 15"},
		{"c:15+4 s:- c:2", "15-off", "bear off from 15 and win"},
		{"c:5 s:- c:0", "pass", "no move possible"}, // twenty-squares below,
		{"c:5 s:- c:2", "5-9", "5-9"},               // not legal: no words
	} {
		spec := ""
		if tc.move == "pass" {
			spec = "twenty-squares"
		}
		p := at(t, spec, tc.pos)
		if got := games.Label(lang.En, p, tc.move); got != tc.want {
			t.Errorf("%s: %s labelled %q, want %q", tc.pos, tc.move, got, tc.want)
		}
	}
}
