package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// kilab runs the command line in-process and returns its exit code and output.
func kilab(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func lines(s ...string) string {
	if len(s) == 0 {
		return ""
	}
	return strings.Join(s, "\n") + "\n"
}

// The expected moves below are worked out by hand from docs/rules.md, A1-A12, not
// taken from the program. Cells are path cells: 1-4 private, 5-16 shared (A1);
// moves enter first, then pieces from the lowest cell up (docs/notation.md).
func TestMoves(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		// A5: a 2 from the start enters on private cell 2.
		{"start", []string{"--throw", "2"}, lines("in-2")},
		{"start, d4", []string{"--opt", "dice=d4", "--throw", "4"}, lines("in-4")},
		// A1: private cells are separate: both sides may stand on their own cell 2.
		{"private cells", []string{"--position", "c:2 s:2 c:throw", "--throw", "3"}, lines("in-3", "2-5")},
		// A6: 2 stops short of its own piece on 5 (on 4); 5 runs free to 9.
		{"A6 stop short", []string{"--position", "c:2,5 s:- c:throw", "--throw", "4"}, lines("in-4", "2-4", "5-9")},
		// A5/A7: twenty-squares neither enters past 2 nor passes 5.
		{"A7 strict", []string{"--variant", "twenty-squares", "--position", "c:2,5 s:- c:throw", "--throw", "4"}, lines("5-9")},
		{"A5 enter-past-own", []string{"--variant", "twenty-squares", "--opt", "enter-past-own=true", "--position", "c:2,5 s:- c:throw", "--throw", "4"}, lines("in-4", "5-9")},
		// A8: royalur jumps its own piece on 5.
		{"A8 jump own", []string{"--variant", "royalur", "--position", "c:2,5 s:- c:throw", "--throw", "4"}, lines("in-4", "2-6", "5-9")},
		// A9: landing on a spindle on a shared cell captures; A8: not on a house (8) in royalur.
		{"A9 capture", []string{"--position", "c:5 s:8 c:throw", "--throw", "3"}, lines("in-3", "5x8")},
		{"A9 capture, twenty-squares", []string{"--variant", "twenty-squares", "--position", "c:5 s:8 c:throw", "--throw", "3"}, lines("in-3", "5x8")},
		{"A8 safe house", []string{"--variant", "royalur", "--position", "c:5 s:8 c:throw", "--throw", "3"}, lines("in-3")},
		{"A8 no safety off a house", []string{"--variant", "royalur", "--position", "c:6 s:9 c:throw", "--throw", "3"}, lines("in-3", "6x9")},
		// A6: stopping short onto an opponent captures it (5 stops on 8, before 9).
		{"A6 stop-short capture", []string{"--position", "c:5,9 s:8 c:throw", "--throw", "4"}, lines("in-4", "5x8", "9-13")},
		// A10: bearing off from 14 needs exactly 3.
		{"A10 exact", []string{"--position", "c:14 s:- c:throw", "--throw", "3"}, lines("in-3", "14-off")},
		{"A10 too far", []string{"--position", "c:14 s:- c:throw", "--throw", "4"}, lines("in-4")},
		// A6 past the end: 13 with a 4 stops on 15, short of 16, in standard only.
		{"A6 past the end", []string{"--position", "c:13,16 s:- c:throw", "--throw", "4"}, lines("in-4", "13-15")},
		{"A7 past the end", []string{"--variant", "twenty-squares", "--position", "c:13,16 s:- c:throw", "--throw", "4"}, lines("in-4")},
		// A4: no legal move (all five on the board, all blocked) is a pass.
		{"A4 pass", []string{"--position", "c:12,13,14,15,16 s:- c:throw", "--throw", "2"}, lines("pass")},
		// A4: in twenty-squares a 0 ends the turn.
		{"A4 zero", []string{"--variant", "twenty-squares", "--throw", "0"}, lines("pass")},
		// Spindles to move: the same cell numbers from their side.
		{"spindles", []string{"--position", "c:6 s:2 s:throw", "--throw", "4"}, lines("in-4", "2x6")},
		// A position that already holds its throw needs no --throw.
		{"throw in the position", []string{"--position", "c:1 s:- c:3"}, lines("in-3", "1-4")},
		{"throw in the position and the same --throw", []string{"--position", "c:1 s:- c:3", "--throw", "3"}, lines("in-3", "1-4")},
		// Case does not matter in game, variant and option names.
		{"case", []string{"--variant", "RoyalUr", "--throw", "1"}, lines("in-1")},
	}
	for _, tt := range tests {
		args := append([]string{"moves", "--game", "aseb"}, tt.args...)
		code, out, errs := kilab(t, args...)
		if code != 0 || out != tt.want {
			t.Errorf("%s: kilab %s\n= %d, stdout %q, stderr %q\nwant 0, %q", tt.name, strings.Join(args, " "), code, out, errs, tt.want)
		}
	}
}

// The examples of docs/notation.md, which scripts may copy. Each was checked by
// hand: 5 stops short of 9 on 8 and captures there (A6, A9); twenty-squares may
// not enter past its piece on 1 (A5); its 0 is a pass (A4).
func TestNotationDocExamples(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"moves", "--game", "aseb", "--throw", "2"}, lines("in-2")},
		{[]string{"moves", "--game", "aseb", "--position", "c:5,9 s:8 c:throw", "--throw", "4"}, lines("in-4", "5x8", "9-13")},
		{[]string{"moves", "--game", "aseb", "--variant", "twenty-squares", "--position", "c:1 s:- c:throw", "--throw", "3"}, lines("1-4")},
		{[]string{"moves", "--game", "aseb", "--variant", "twenty-squares", "--position", "c:5 s:- c:throw", "--throw", "0"}, lines("pass")},
		{[]string{"replay", "--game", "aseb", "3:in-3", "2:in-2", "4:3-7", "1:"}, lines(
			"1\t3:in-3\tc:3 s:- s:throw",
			"2\t2:in-2\tc:3 s:2 c:throw",
			"3\t4:3-7\tc:7 s:2 s:throw",
			"4\t1:\tc:7 s:2 s:1",
			"outcome\tongoing, spindles to move")},
	}
	for _, tt := range tests {
		code, out, errs := kilab(t, tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("kilab %s\n= %d, stderr %q, stdout\n%s\nwant\n%s", strings.Join(tt.args, " "), code, errs, out, tt.want)
		}
	}
}

// The error lines docs/notation.md quotes are the ones replay writes: the
// illegal ply's, and the older-rules word on a ply revision 1 played.
func TestNotationDocErrors(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "notation.md"))
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(doc)), " ")
	_, _, errs := kilab(t, "replay", "--game", "aseb", "3:in-3", "2:in-2", "4:3-9")
	if quoted := "`" + strings.TrimSpace(errs) + "`"; !strings.Contains(flat, quoted) {
		t.Errorf("docs/notation.md does not quote replay's error %s", quoted)
	}
	_, _, errs = kilab(t, "replay", "--game", "aseb", "--variant", "royalur", "2:in-2", "4:in-4", "0:pass", "2:pass")
	_, hint, _ := strings.Cut(strings.TrimSpace(errs), ": illegal move")
	if quoted := "`...: illegal move" + hint + "`"; hint == "" || !strings.Contains(flat, quoted) {
		t.Errorf("docs/notation.md does not quote the older-rules word %s", quoted)
	}
}

// Options change the rules: pieces=7 leaves two pieces to enter where five are
// all on the board, and seven pieces on the board only fit with pieces=7.
func TestMovesPiecesOption(t *testing.T) {
	pos := "c:1,2,3,5,6 s:- c:throw"
	code, out, errs := kilab(t, "moves", "--game", "aseb", "--opt", "pieces=7", "--position", pos, "--throw", "4")
	// in-4; 1 and 2 are blocked at once (A6); 3 stops on 4 before 5; 5 is
	// blocked by 6; 6 runs to 10.
	if want := lines("in-4", "3-4", "6-10"); code != 0 || out != want {
		t.Errorf("pieces=7: %d %q %q, want %q", code, out, errs, want)
	}
	code, out, errs = kilab(t, "moves", "--game", "aseb", "--position", pos, "--throw", "4")
	if want := lines("3-4", "6-10"); code != 0 || out != want {
		t.Errorf("pieces=5: %d %q %q, want %q", code, out, errs, want)
	}
	seven := "c:1,2,3,5,6,7,9 s:- c:throw"
	if code, out, _ := kilab(t, "moves", "--game", "aseb", "--opt", "pieces=7", "--position", seven, "--throw", "1"); code != 0 || out != lines("3-4", "7-8", "9-10") {
		t.Errorf("pieces=7, seven on the board: %d %q", code, out)
	}
	if code, _, errs := kilab(t, "moves", "--game", "aseb", "--position", seven, "--throw", "1"); code != 1 || !strings.Contains(errs, "more than 5 pieces") {
		t.Errorf("pieces=5, seven on the board: %d %q; want 1 and 'more than 5 pieces'", code, errs)
	}
}

func TestMovesHouse4Accepted(t *testing.T) {
	for _, v := range []string{"true", "false", "TRUE"} {
		code, out, errs := kilab(t, "moves", "--game", "aseb", "--variant", "twenty-squares", "--opt", "house4="+v, "--throw", "4")
		if code != 0 || out != lines("in-4") {
			t.Errorf("house4=%s: %d %q %q", v, code, out, errs)
		}
	}
}

// Errors: exit code 1 for input the engine refuses, 2 for flags the command line
// cannot read; a clear message on stderr, nothing on stdout, and no panic.
func TestMovesErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // each must appear on stderr
	}{
		{"option on the wrong variant", []string{"--variant", "royalur", "--opt", "pieces=7"}, 1,
			[]string{"pieces", "belongs to variant standard", "royalur"}},
		{"twenty-squares option on standard", []string{"--opt", "house4=true"}, 1,
			[]string{"house4", "belongs to variant twenty-squares", "standard"}},
		{"bad option value", []string{"--opt", "pieces=6"}, 1, []string{"pieces", "5, 7", `"6"`}},
		{"unknown option", []string{"--opt", "colour=red"}, 1, []string{`"colour"`}},
		{"option without value", []string{"--opt", "pieces"}, 1, []string{"key=value"}},
		{"unknown variant", []string{"--variant", "ur"}, 1, []string{`"ur"`, "standard, twenty-squares, royalur"}},
		{"garbage position", []string{"--position", "garbage", "--throw", "2"}, 1, []string{`"garbage"`, "three fields"}},
		{"cell out of range", []string{"--position", "c:17 s:- c:throw", "--throw", "2"}, 1, []string{"1-16"}},
		{"cell twice", []string{"--position", "c:5,5 s:- c:throw", "--throw", "2"}, 1, []string{"twice"}},
		{"shared cell held by both", []string{"--position", "c:5 s:5 c:throw", "--throw", "2"}, 1, []string{"both"}},
		{"too many pieces", []string{"--position", "c:1,2,3,4,5,6 s:- c:throw", "--throw", "2"}, 1, []string{"more than 5"}},
		{"bad state", []string{"--position", "c:- s:- x:throw"}, 1, []string{"x:throw"}},
		{"won without pieces off", []string{"--position", "c:- s:- c:won"}, 1, []string{"won"}},
		{"0 waiting in standard", []string{"--position", "c:- s:- c:0"}, 1, []string{"thrown again"}},
		{"throw not a number", []string{"--throw", "two"}, 1, []string{`"two"`, "not a number"}},
		{"throw too big", []string{"--throw", "5"}, 1, []string{"5 is not a throw"}},
		{"throw negative", []string{"--throw", "-1"}, 1, []string{"-1 is not a throw"}},
		{"0 in standard is thrown again", []string{"--throw", "0"}, 1, []string{"thrown again"}},
		{"0 is no d4 face", []string{"--opt", "dice=d4", "--throw", "0"}, 1, []string{"0 is not a throw of the d4"}},
		{"another throw waits", []string{"--position", "c:- s:- c:2", "--throw", "3"}, 1, []string{"already has a 2"}},
		{"throw due", nil, 1, []string{"cones", "--throw"}},
		{"spindles' throw due", []string{"--position", "c:- s:- s:throw"}, 1, []string{"spindles", "--throw"}},
		{"game over", []string{"--position", "c:+5 s:3 c:won"}, 1, []string{"over", "cones won"}},
		{"stray argument", []string{"--throw", "2", "extra"}, 1, []string{"extra"}},
		{"throw past a byte", []string{"--throw", "258"}, 1, []string{"258 is not a throw"}},
	}
	for _, tt := range tests {
		args := append([]string{"moves", "--game", "aseb"}, tt.args...)
		code, out, errs := kilab(t, args...)
		if code != tt.code || out != "" {
			t.Errorf("%s: kilab %s = %d, stdout %q; want %d and nothing", tt.name, strings.Join(args, " "), code, out, tt.code)
		}
		for _, w := range tt.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: stderr %q does not say %q", tt.name, errs, w)
			}
		}
		if strings.Contains(errs, "panic") || strings.Contains(errs, "goroutine") {
			t.Errorf("%s: stderr %q", tt.name, errs)
		}
	}
}

func TestMovesNeedsGame(t *testing.T) {
	code, out, errs := kilab(t, "moves", "--throw", "2")
	if code != 1 || out != "" || !strings.Contains(errs, "--game is required") || !strings.Contains(errs, "aseb") {
		t.Errorf("moves without --game = %d %q %q", code, out, errs)
	}
	code, _, errs = kilab(t, "moves", "--game", "chess")
	if code != 1 || !strings.Contains(errs, `"chess"`) || !strings.Contains(errs, "aseb") {
		t.Errorf("moves --game chess = %d %q", code, errs)
	}
}

// Malformed positions of every kind give an error, never a panic.
func TestMovesBadPositionsNoPanic(t *testing.T) {
	for _, p := range []string{
		"", " ", "c:", "c: s: c:", "c:- s:- c:", "c:- s:-", "c:- s:- c:throw extra",
		"s:- c:- c:throw", "c:0 s:- c:throw", "c:-1 s:- c:throw", "c:99999999999999999999 s:- c:throw",
		"c:+ s:- c:throw", "c:-+ s:- c:throw", "c:-+0 s:- c:throw", "c:-+9 s:- c:throw", "c:-+5 s:- c:throw",
		"c:1,,2 s:- c:throw", "c:1, s:- c:throw", "c:- s:- c:throw:2", "c:- s:- c:10", "c:- s:- c:-1",
		"c:- s:- c:again", "c:- s:- s:won", "c:-+5 s:-+5 c:won", "ç:- s:- c:throw", "\x00", "c:1 s:1 c:throw x",
	} {
		var out, errs bytes.Buffer
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("--position %q: panic: %v", p, r)
				}
			}()
			code := run([]string{"moves", "--game", "aseb", "--position", p, "--throw", "2"}, &out, &errs)
			if code != 0 && code != 1 {
				t.Errorf("--position %q: exit %d", p, code)
			}
			if code == 1 && errs.Len() == 0 {
				t.Errorf("--position %q: exit 1 without a message", p)
			}
		}()
	}
}

// An option on a variant that has none, with replay too.
func TestReplayWrongVariantOption(t *testing.T) {
	code, out, errs := kilab(t, "replay", "--game", "aseb", "--variant", "royalur", "--opt", "pieces=7", "2:in-2")
	if code == 0 || out != "" || !strings.Contains(errs, "belongs to variant standard") || !strings.Contains(errs, "royalur") {
		t.Errorf("replay --variant royalur --opt pieces=7 = %d %q %q", code, out, errs)
	}
}

func TestReplay(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"empty record", nil, lines("outcome\tongoing, cones to throw")},
		// A5 entering; A2/A11 the house on 4 gives another throw; D1/A4 a 0 is
		// thrown again in standard; A9 the spindle on 4 moving 1 lands on the
		// cone on shared cell 5 and captures it.
		{"standard", []string{"2:in-2", "3:in-3"}, lines(
			"1\t2:in-2\tc:2 s:- s:throw",
			"2\t3:in-3\tc:2 s:3 c:throw",
			"outcome\tongoing, cones to throw")},
		{"houses, re-throws, capture", []string{"4:in-4", "0,1:4-5", "4:in-4", "1:4x5", "2:in-2"}, lines(
			"1\t4:in-4\tc:4 s:- c:throw",
			"2\t0,1:4-5\tc:5 s:- s:throw",
			"3\t4:in-4\tc:5 s:4 s:throw",
			"4\t1:4x5\tc:- s:5 c:throw",
			"5\t2:in-2\tc:2 s:5 s:throw",
			"outcome\tongoing, spindles to throw")},
		// A record may come as one argument, and may end with a throw still to play.
		{"one argument, open ply", []string{"2:in-2 0,3:"}, lines(
			"1\t2:in-2\tc:2 s:- s:throw",
			"2\t0,3:\tc:2 s:- s:3",
			"outcome\tongoing, spindles to move")},
		// A standard 0 alone waits to be thrown again.
		{"a 0 alone", []string{"0:"}, lines(
			"1\t0:\tc:- s:- c:again",
			"outcome\tongoing, cones to throw")},
		// A4: twenty-squares 0 ends the turn with a pass; cell 4 is no house there (A2).
		{"twenty-squares", []string{"--variant", "twenty-squares", "0:pass", "4:in-4"}, lines(
			"1\t0:pass\tc:- s:- s:throw",
			"2\t4:in-4\tc:- s:4 c:throw",
			"outcome\tongoing, cones to throw")},
		// house4 makes 4 a house: the cones throw again.
		{"house4", []string{"--variant", "twenty-squares", "--opt", "house4=true", "4:in-4"}, lines(
			"1\t4:in-4\tc:4 s:- c:throw",
			"outcome\tongoing, cones to throw")},
		{"d4", []string{"--opt", "dice=d4", "3:in-3"}, lines(
			"1\t3:in-3\tc:3 s:- s:throw",
			"outcome\tongoing, spindles to throw")},
		// A12: the last piece borne off wins at once; A11: bearing off gives no throw.
		{"win", []string{"--position", "c:16+4 s:3 c:throw", "1:16-off"}, lines(
			"1\t1:16-off\tc:+5 s:3 c:won",
			"outcome\tcones won (all pieces borne off)")},
		{"bear off", []string{"--position", "c:13,14+3 s:- c:throw", "3:14-off"}, lines(
			"1\t3:14-off\tc:13+4 s:- s:throw",
			"outcome\tongoing, spindles to throw")},
	}
	defer func(r io.Reader) { stdin = r }(stdin)
	for _, tt := range tests {
		stdin = strings.NewReader("") // the empty record, where no token is given
		args := append([]string{"replay", "--game", "aseb"}, tt.args...)
		code, out, errs := kilab(t, args...)
		if code != 0 || out != tt.want {
			t.Errorf("%s: kilab %s\n= %d, stderr %q, stdout\n%s\nwant\n%s", tt.name, strings.Join(args, " "), code, errs, out, tt.want)
		}
	}
}

// Every line of replay's output has its fields separated by single tabs, and
// every position it prints reads back with moves --position.
func TestReplayOutputShape(t *testing.T) {
	_, out, _ := kilab(t, "replay", "--game", "aseb", "4:in-4", "0,1:4-5", "4:in-4", "1:4x5", "2:in-2")
	ls := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, l := range ls[:len(ls)-1] {
		f := strings.Split(l, "\t")
		if len(f) != 3 || f[0] != string(rune('1'+i)) {
			t.Errorf("line %d %q: want number, token, position", i+1, l)
			continue
		}
		if code, _, errs := kilab(t, "moves", "--game", "aseb", "--position", f[2], "--throw", "1"); code != 0 {
			t.Errorf("position %q of line %d does not read back: %s", f[2], i+1, errs)
		}
	}
	if last := ls[len(ls)-1]; !strings.HasPrefix(last, "outcome\t") {
		t.Errorf("last line %q, want outcome", last)
	}
}

func TestReplayIllegalPly(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		printed int      // plies printed before the bad one
		want    []string // on stderr
	}{
		// With a 2 the piece on 2 goes to 4 (A6 has nothing in the way).
		{"wrong destination", []string{"2:in-2", "3:in-3", "2:2-5"}, 2,
			[]string{"ply 3", "2:2-5", "cell 4", "illegal"}},
		{"no such throw", []string{"5:in-5"}, 0, []string{"ply 1", "5 is not a score of the sticks"}},
		{"a move without its throw", []string{"in-2"}, 0, []string{"ply 1", "throw is due"}},
		{"own piece in the way", []string{"2:in-2", "3:in-3", "2:in-2"}, 2, []string{"ply 3", "cell 2"}},
		{"pass with a move", []string{"2:pass"}, 0, []string{"ply 1", "cannot pass"}},
		{"0 on a d4", []string{"--opt", "dice=d4", "0,1:in-1"}, 0, []string{"ply 1", "d4"}},
		// A6: 14 with a 3 stops short of the own piece on 16: no exact bearing off.
		{"stop short before the end", []string{"--position", "c:14,16+3 s:- c:throw", "3:14-off"}, 0,
			[]string{"ply 1", "cell 15", "illegal"}},
		{"after the end", []string{"--position", "c:16+4 s:3 c:throw", "1:16-off", "2:3-5"}, 1, []string{"ply 2", "game over"}},
	}
	defer func(r io.Reader) { stdin = r }(stdin)
	for _, tt := range tests {
		stdin = strings.NewReader("") // the empty record, where no token is given
		args := append([]string{"replay", "--game", "aseb"}, tt.args...)
		code, out, errs := kilab(t, args...)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1", tt.name, code)
		}
		if n := strings.Count(out, "\n"); n != tt.printed || strings.Contains(out, "outcome") {
			t.Errorf("%s: stdout %q: want %d plies and no outcome", tt.name, out, tt.printed)
		}
		for _, w := range tt.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: stderr %q does not say %q", tt.name, errs, w)
			}
		}
	}
}

func TestReplayBadToken(t *testing.T) {
	code, out, errs := kilab(t, "replay", "--game", "aseb", "2:in-2", "7:in-3")
	if code != 1 || out != "" || !strings.Contains(errs, `"7:in-3"`) {
		t.Errorf("replay with throw 7 = %d %q %q", code, out, errs)
	}
	code, _, errs = kilab(t, "replay", "--game", "aseb", "2:5:8")
	if code != 1 || !strings.Contains(errs, `"2:5:8"`) {
		t.Errorf("replay 2:5:8 = %d %q", code, errs)
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"help"}, []string{"Usage: kilab", "moves", "replay", "Games: aseb, seega, tab", "docs/rules.md"}},
		{[]string{"help", "moves"}, []string{"Usage: kilab moves", "--throw"}},
		{[]string{"help", "replay"}, []string{"Usage: kilab replay", "RECORD"}},
		{[]string{"--version"}, []string{"kilab "}},
		{[]string{"version"}, []string{"kilab "}},
		{[]string{"--help"}, []string{"Usage: kilab", "moves", "replay"}},
		{[]string{"-h"}, []string{"Usage: kilab", "moves", "replay"}},
		{[]string{"moves", "--help"}, []string{"Usage: kilab moves", "--throw", "--position", "--opt", "aseb --variant twenty-squares", "house4=false|true"}},
		{[]string{"moves", "-h"}, []string{"Usage: kilab moves"}},
		{[]string{"replay", "--help"}, []string{"Usage: kilab replay", "RECORD", "THROWS:MOVE", "--opt", "pieces=5|7"}},
		{[]string{"run", "--help"}, []string{"Usage: kilab", "DISCORD_TOKEN"}},
		{[]string{"run", "-h"}, []string{"DISCORD_TOKEN"}},
	}
	for _, tt := range tests {
		code, out, errs := kilab(t, tt.args...)
		all := out + errs
		if code != 0 {
			t.Errorf("kilab %s: exit %d, want 0", strings.Join(tt.args, " "), code)
		}
		for _, w := range tt.want {
			if !strings.Contains(all, w) {
				t.Errorf("kilab %s: output does not say %q:\n%s", strings.Join(tt.args, " "), w, all)
			}
		}
	}
}

// A command's help lists the flags it takes, spelt as its synopsis spells
// them, and the games, variants and option values it covers, each list in
// order with its default marked; asked for, it goes to standard output.
func TestFlagHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd           string
		want, notWant []string
	}{
		{"moves", []string{"\n  --game G\n", "\n  --position P\n", "\n  --throw N\n", "--opt width=7|9|11|13|15|", "|29 (default 11)", "--opt size=5|7|9 (default 5)",
			"--opt pieces=5|7 (default 5)", "--opt house4=false|true (default false)", "--opt dice=sticks|d4 (default sticks)"}, []string{"\n  -game", "11|7"}},
		{"solve", []string{"\n  --game G\n", "\n  -o FILE\n", "aseb --variant royalur", "--opt pieces=5 "}, []string{"--position", "tab --variant", "seega --variant", "width=", "pieces=5|7"}},
		{"arena", []string{"\n  -a AGENT\n", "\n  --budget T\n", "(default 2s)", "\n  --workers W\n", "[--budget T] [--workers W] [--tables DIR]", "\n  --games N\n"}, []string{"--position"}},
		{"demo", []string{"000.png", "0000.png", "\n  -o DIR\n", "\n  --seed N\n"}, []string{"--position"}},
		{"replay", []string{"\n  --revision N\n", "/history", "\n  --position P\n", "(required, unless the record is a /history file"}, nil},
		{"review", []string{"\n  --revision N\n", "\n  --tables DIR\n"}, nil},
		{"puzzles", []string{"\n  -n N\n", "\n  -o FILE\n", "\n  --tables DIR\n", "kilab puzzles verify [--tables DIR] [--cheap] FILE"}, []string{"--position"}},
		{"puzzles verify", []string{"\n  --cheap ", "\n  --tables DIR\n"}, []string{"--game", "--position"}},
	} {
		code, out, errs := kilab(t, append(strings.Fields(tc.cmd), "--help")...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "Usage: kilab "+tc.cmd) {
			t.Errorf("kilab %s --help = %d, stderr %q, stdout %.80q", tc.cmd, code, errs, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("kilab %s --help does not say %q:\n%s", tc.cmd, w, out)
			}
		}
		for _, w := range tc.notWant {
			if strings.Contains(out, w) {
				t.Errorf("kilab %s --help says %q:\n%s", tc.cmd, w, out)
			}
		}
	}
}

// Help is asked for a command by name; an unknown one is an error.
func TestHelpUnknownCommand(t *testing.T) {
	if code, _, errs := kilab(t, "help", "frobnicate"); code != 2 || !strings.Contains(errs, `no command "frobnicate"`) {
		t.Errorf("kilab help frobnicate = %d %q", code, errs)
	}
	if _, out, _ := kilab(t, "help"); strings.Contains(out, "[aseb") {
		t.Errorf("the games are listed as a Go slice: %q", out)
	}
}

// Bad input is one plain line: an empty --position is not the start, and no
// message ends in the engines' sentinel ("games: bad configuration").
func TestPlainErrors(t *testing.T) {
	for _, args := range [][]string{
		{"moves", "--game", "aseb", "--position", ""},
		{"moves", "--game", "aseb", "--position", "  "},
		{"moves", "--game", "aseb", "--variant", "nope"},
		{"moves", "--game", "tab", "--position", "zzz"},
		{"replay", "--game", "aseb", "9:in-9"},
	} {
		code, out, errs := kilab(t, args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || strings.Contains(errs, ": games: ") {
			t.Errorf("kilab %q = %d %q %q", args, code, out, errs)
		}
	}
	if _, _, errs := kilab(t, "moves", "--game", "aseb", "--position", ""); !strings.Contains(errs, "--position is empty") {
		t.Errorf("empty --position: %q", errs)
	}
}

func TestUnknownCommand(t *testing.T) {
	code, out, errs := kilab(t, "frobnicate")
	if code != 2 || out != "" || !strings.Contains(errs, `unknown command "frobnicate"`) || !strings.Contains(errs, "Usage: kilab") {
		t.Errorf("kilab frobnicate = %d %q %q", code, out, errs)
	}
	if code, _, _ := kilab(t, "--game", "aseb"); code != 2 {
		t.Errorf("kilab --game aseb = %d, want 2", code)
	}
}

// A flag a command does not have is one line and status 1, as the README
// promises for any bad input, naming the flag as the help writes it.
func TestUnknownFlag(t *testing.T) {
	for _, cmd := range []string{"moves", "replay", "render", "solve", "analyse", "review", "arena", "demo"} {
		code, out, errs := kilab(t, cmd, "--game", "aseb", "--colour", "red")
		if code != 1 || out != "" || errs != "kilab: no flag --colour (kilab help "+cmd+" lists the flags)\n" {
			t.Errorf("%s --colour = %d %q %q", cmd, code, out, errs)
		}
	}
	for _, tc := range []struct{ args, want string }{
		{"demo -x", "kilab: no flag -x "},
		{"moves --game", "kilab: flag needs an argument: --game "},
		{"demo -o", "kilab: flag needs an argument: -o "},
		{"arena --workers x", `kilab: invalid value "x" for flag --workers: `},
		{"moves --opt a", `kilab: invalid value "a" for flag --opt: option "a" is not key=value (kilab help`},
	} {
		if code, out, errs := kilab(t, strings.Fields(tc.args)...); code != 1 || out != "" || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("kilab %s = %d %q, want one line starting %q", tc.args, code, errs, tc.want)
		}
	}
}

// Without a token the bot says how to get one (and reads no .env from the
// repository: the test runs in an empty directory).
func TestRunWithoutToken(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("DISCORD_TOKEN", "")
	for _, args := range [][]string{nil, {"run"}} {
		code, out, errs := kilab(t, args...)
		if code != 2 {
			t.Errorf("kilab %v: exit %d, want 2", args, code)
		}
		for _, w := range []string{"DISCORD_TOKEN", "discord.com/developers/applications", ".env"} {
			if !strings.Contains(out+errs, w) {
				t.Errorf("kilab %v: output does not say %q:\n%s%s", args, w, out, errs)
			}
		}
	}
}

// A blank token is no token.
func TestRunBlankToken(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("DISCORD_TOKEN", "   ")
	if code, _, errs := kilab(t); code != 2 || !strings.Contains(errs, "discord.com/developers") {
		t.Errorf("kilab with a blank token = %d %q", code, errs)
	}
}

// A .env that cannot be read is reported, not taken for a missing token.
func TestRunUnreadableEnv(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("DISCORD_TOKEN", "")
	if err := os.Mkdir(filepath.Join(dir, ".env"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, errs := kilab(t)
	if code != 2 || !strings.Contains(errs, ".env") {
		t.Errorf("kilab with .env a directory = %d %q", code, errs)
	}
}

// The same option twice, whatever its case, is refused rather than settled by
// map order.
func TestOptionTwice(t *testing.T) {
	for range 20 {
		code, out, errs := kilab(t, "moves", "--game", "aseb", "--opt", "Pieces=7", "--opt", "pieces=5", "--throw", "2")
		if code != 1 || out != "" || !strings.Contains(errs, "given twice") {
			t.Fatalf("repeated option: exit %d, stdout %q, stderr %q", code, out, errs)
		}
	}
}

// --revision replays a record of older rules: revision 1 of aseb passed for
// the cones' 2 in royalur with the spindles on their cell 4, which the rules
// now refuse (2-4 is legal, A1 and A8). The ply is marked; a revision the
// program does not know is an error.
func TestReplayRevision(t *testing.T) {
	record := []string{"2:in-2", "4:in-4", "0:pass", "2:pass", "1:in-1"}
	code, out, errs := kilab(t, append([]string{"replay", "--game", "aseb", "--variant", "royalur", "--revision", "1"}, record...)...)
	want := lines(
		"1\t2:in-2\tc:2 s:- s:throw",
		"2\t4:in-4\tc:2 s:4 s:throw",
		"3\t0:pass\tc:2 s:4 c:throw",
		"4\t2:pass\tc:2 s:4 s:throw\trevision 1",
		"5\t1:in-1\tc:2 s:1,4 c:throw",
		"outcome\tongoing, cones to throw")
	if code != 0 || out != want {
		t.Errorf("--revision 1 = %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
	code, _, errs = kilab(t, append([]string{"replay", "--game", "aseb", "--variant", "royalur"}, record...)...)
	if code != 1 || !strings.Contains(errs, "ply 4") || !strings.Contains(errs, "--revision") {
		t.Errorf("the same record by the current rules = %d %q, want ply 4 refused with a word on --revision", code, errs)
	}
	// review says so too; a typo, which no revision plays, gets no such word.
	if code, _, errs := kilab(t, append([]string{"review", "--game", "aseb", "--variant", "royalur"}, record...)...); code != 1 || !strings.Contains(errs, "rules revision 1 played it") {
		t.Errorf("review of the same record = %d %q, want ply 4 refused with a word on revision 1", code, errs)
	}
	for _, typo := range [][]string{{"replay", "--game", "aseb", "3:in-3", "2:in-2", "4:5-9"}, {"replay", "--game", "aseb", "--variant", "royalur", "2:in-2", "4:in-4", "0:pass", "2:2-5"}} {
		if code, _, errs := kilab(t, typo...); code != 1 || strings.Contains(errs, "revision") || strings.Count(errs, "\n") != 1 {
			t.Errorf("kilab %q = %d %q, want the illegal ply alone", typo, code, errs)
		}
	}
	for _, bad := range []string{"99", "-1", "0"} {
		if code, _, errs := kilab(t, "replay", "--game", "aseb", "--revision", bad, "2:in-2"); code != 1 || !strings.Contains(errs, "revision") {
			t.Errorf("--revision %s = %d %q, want an error", bad, code, errs)
		}
	}
}

// With no record on the command line (or "-"), replay reads standard input,
// as in `kilab replay --game aseb < history.txt`.
func TestReplayReadsStandardInput(t *testing.T) {
	defer func(r io.Reader) { stdin = r }(stdin)
	want := lines("1\t3:in-3\tc:3 s:- s:throw", "2\t2:in-2\tc:3 s:2 c:throw", "outcome\tongoing, cones to throw")
	for _, args := range [][]string{{"replay", "--game", "aseb"}, {"replay", "--game", "aseb", "-"}} {
		stdin = strings.NewReader("3:in-3\n2:in-2\n")
		if code, out, errs := kilab(t, args...); code != 0 || out != want {
			t.Errorf("kilab %q < record = %d\n%s%s", args, code, out, errs)
		}
	}
}

// A huge bad input gives a short error line: only a prefix of it is quoted.
func TestHugeInputShortError(t *testing.T) {
	huge := strings.Repeat("x", 120_000)
	for _, args := range [][]string{
		{"moves", "--game", "aseb", "--position", huge},
		{"moves", "--game", "tab", "--position", huge},
		{"moves", "--game", "seega", "--position", huge},
		{"moves", "--game", "tab", "--position", "ccccccc/7/7/CCCCCCC w - - 0 " + huge},
		{"replay", "--game", "aseb", huge},
		{"replay", "--game", "seega", huge},
	} {
		code, _, errs := kilab(t, args...)
		if code != 1 || len(errs) > 400 {
			t.Errorf("kilab %s …: exit %d, %d bytes of error: %.200s", args[2], code, len(errs), errs)
		}
	}
}

// A release build's version, passed in with -ldflags -X, is what --version
// says; without one the build's own record answers (not checked here: it
// depends on how the test binary was built). Not parallel: it sets a global.
func TestVersionFromBuild(t *testing.T) {
	defer func(v string) { buildVersion = v }(buildVersion)
	buildVersion = "v9.8.7"
	if code, out, _ := kilab(t, "--version"); code != 0 || out != "kilab v9.8.7\n" {
		t.Errorf("kilab --version with a build version = %d %q", code, out)
	}
	buildVersion = ""
	if _, out, _ := kilab(t, "--version"); out == "kilab v9.8.7\n" || !strings.HasPrefix(out, "kilab ") {
		t.Errorf("kilab --version without one = %q", out)
	}
}

// The image passes its VERSION build argument into the variable --version
// reads, builds a static binary in one stage and runs it as a non-root user
// in another, and exposes the ports docs/operating.md suggests for
// METRICS_ADDR and INTERACTIONS_ADDR.
func TestDockerfile(t *testing.T) {
	t.Parallel()
	df, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "operating.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"ARG VERSION", "-X main.buildVersion=${VERSION}", "CGO_ENABLED=0", "AS build", "COPY --from=build", "USER 65532:65532"} {
		if !strings.Contains(string(df), w) {
			t.Errorf("the Dockerfile lacks %q", w)
		}
	}
	var exposed []string
	for _, line := range strings.Split(string(df), "\n") {
		if ports, ok := strings.CutPrefix(line, "EXPOSE "); ok {
			exposed = append(exposed, strings.Fields(ports)...)
		}
	}
	for _, v := range []string{"METRICS_ADDR", "INTERACTIONS_ADDR"} {
		row := regexp.MustCompile("(?m)^\\| `" + v + "` \\|[^\\n]*?`:(\\d+)`").FindStringSubmatch(string(readme))
		if row == nil {
			t.Errorf("docs/operating.md suggests no port for %s", v)
		} else if !slices.Contains(exposed, row[1]) {
			t.Errorf("docs/operating.md suggests %s=:%s; the Dockerfile exposes %v", v, row[1], exposed)
		}
	}
}
