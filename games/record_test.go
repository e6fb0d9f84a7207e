package games

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestPlyString(t *testing.T) {
	tests := []struct {
		p    Ply
		want string
	}{
		{Ply{Throws: []Throw{2, 3}, Move: "5-8"}, "2,3:5-8"},
		{Ply{Throws: []Throw{2}, Move: "in-2"}, "2:in-2"},
		{Ply{Move: "5-8"}, "5-8"},
		{Ply{Throws: []Throw{2, 3}}, "2,3:"},
		{Ply{Throws: []Throw{0, 0, 1}, Move: "pass"}, "0,0,1:pass"},
		{Ply{Throws: []Throw{6, 1, 4, 2}}, "6,1,4,2:"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.p, got, tt.want)
		}
		back, err := ParsePly(tt.want)
		if err != nil {
			t.Errorf("ParsePly(%q): %v", tt.want, err)
			continue
		}
		if !reflect.DeepEqual(back, tt.p) {
			t.Errorf("ParsePly(%q) = %+v, want %+v", tt.want, back, tt.p)
		}
	}
}

func TestParsePlyRejects(t *testing.T) {
	for _, tok := range []string{
		"",           // nothing
		":",          // no throw, no move
		":5-8",       // an empty throw list
		"a:5-8",      // a throw that is no number
		"2,:5-8",     // an empty throw
		",2:5-8",     // an empty throw
		"7:5-8",      // above any score
		"-1:5-8",     // below any score
		"100:5-8",    // far out of range
		"2:5:8",      // a move with ':'
		"2:5,8",      // a move with ','
		"5,8",        // a move with ',' and no throws
		"2:5 8",      // white space inside the token
		"2:5\t8",     // white space inside the token
		"2:5-8\n",    // white space inside the token
		"2:5-8\r",    // any white space, not only ASCII's
		"2:5\u00a08", // a non-breaking space
		"2,3",        // throws without their ':' read as a move with ','
		"2:in-2:3",   // two ':'
	} {
		p, err := ParsePly(tok)
		if !errors.Is(err, ErrBadNotation) {
			t.Errorf("ParsePly(%q) = %+v, %v; want ErrBadNotation", tok, p, err)
			continue
		}
		if !strings.Contains(err.Error(), strconv.Quote(tok)) {
			t.Errorf("ParsePly(%q): error %q does not quote the token", tok, err)
		}
	}
}

// Every score of every dice can be recorded: Aseb's 0-4, Tab's 6.
func TestParsePlyAcceptsAllScores(t *testing.T) {
	for th := Throw(0); th <= 6; th++ {
		tok := Ply{Throws: []Throw{th}, Move: "m"}.String()
		p, err := ParsePly(tok)
		if err != nil || len(p.Throws) != 1 || p.Throws[0] != th {
			t.Errorf("ParsePly(%q) = %+v, %v", tok, p, err)
		}
	}
}

// randomPlies makes records the way Recorder does: throws then a move, throws
// still waiting for their move, or a move alone.
func randomPlies(r *rand.Rand, n int) []Ply {
	moves := []string{"in-2", "5-8", "5x8", "14-off", "pass", "a1b2", "E5", "stop", "6-add"}
	plies := make([]Ply, n)
	for i := range plies {
		p := Ply{Player: Player(r.IntN(2))}
		for range r.IntN(4) {
			p.Throws = append(p.Throws, Throw(r.IntN(7)))
		}
		if len(p.Throws) == 0 || r.IntN(4) > 0 {
			p.Move = moves[r.IntN(len(moves))]
		}
		plies[i] = p
	}
	return plies
}

func TestRecordRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		plies := randomPlies(r, 1+r.IntN(12))
		s := FormatRecord(plies)
		got, err := ParseRecord(s)
		if err != nil {
			t.Fatalf("ParseRecord(%q): %v", s, err)
		}
		// A record does not carry the player: Replay works it out.
		for i := range plies {
			plies[i].Player = 0
		}
		if !reflect.DeepEqual(got, plies) {
			t.Fatalf("ParseRecord(FormatRecord(%+v)) = %+v", plies, got)
		}
	}
}

func TestParseRecord(t *testing.T) {
	got, err := ParseRecord("  2:in-2\t0,3:in-3\n\n 4: hold ")
	if err != nil {
		t.Fatal(err)
	}
	want := []Ply{{Throws: []Throw{2}, Move: "in-2"}, {Throws: []Throw{0, 3}, Move: "in-3"}, {Throws: []Throw{4}}, {Move: "hold"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseRecord = %+v, want %+v", got, want)
	}
	if got := FormatRecord(want); got != "2:in-2 0,3:in-3 4: hold" {
		t.Errorf("FormatRecord = %q", got)
	}
	if got, err := ParseRecord(" \n "); err != nil || len(got) != 0 {
		t.Errorf("ParseRecord of blanks = %+v, %v; want nothing", got, err)
	}
	if got, err := ParseRecord("2:in-2 9:in-3 1:in-1"); !errors.Is(err, ErrBadNotation) || got != nil || !strings.Contains(err.Error(), "9:in-3") {
		t.Errorf("ParseRecord with a bad token = %+v, %v; want ErrBadNotation naming 9:in-3", got, err)
	}
}

func FuzzParsePly(f *testing.F) {
	for _, s := range []string{"2,3:5-8", "5-8", "2,3:", "0:pass", "6,1:a1", "", ":", "7:x", "2:5:8", "+2:x", "02:x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		p, err := ParsePly(tok)
		if err != nil {
			if !errors.Is(err, ErrBadNotation) {
				t.Fatalf("ParsePly(%q): %v does not wrap ErrBadNotation", tok, err)
			}
			return
		}
		for _, th := range p.Throws {
			if th < 0 || th > 6 {
				t.Fatalf("ParsePly(%q) accepted throw %d", tok, th)
			}
		}
		back, err := ParsePly(p.String())
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Fatalf("ParsePly(%q) = %+v; its String %q reads back as %+v, %v", tok, p, p.String(), back, err)
		}
	})
}

// playAll plays a record straight through the Position interface, the way
// Replay should, so the two can be compared.
func playAll(t *testing.T, pos Position, plies []Ply) Position {
	t.Helper()
	for _, p := range plies {
		for _, th := range p.Throws {
			next, err := pos.Throw(th)
			if err != nil {
				t.Fatal(err)
			}
			pos = next
		}
		if p.Move != "" {
			next, err := pos.Play(p.Move)
			if err != nil {
				t.Fatal(err)
			}
			pos = next
		}
	}
	return pos
}

func TestReplay(t *testing.T) {
	plies, err := ParseRecord("2:add-2 3:hold 0,4:add-4 0,0,1:add-1 4:add-4")
	if err != nil {
		t.Fatal(err)
	}
	start := racePos{dice: Sticks}
	var seen []string
	var players []Player
	final, err := Replay(start, plies, func(i int, p Ply, after Position) {
		if i != len(seen) {
			t.Errorf("each saw ply index %d after %d plies", i, len(seen))
		}
		seen = append(seen, p.String()+" -> "+after.String())
		players = append(players, p.Player)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"2:add-2 -> a=2 b=0 b:throw",
		"3:hold -> a=2 b=0 a:throw",
		"0,4:add-4 -> a=6 b=0 b:throw",
		"0,0,1:add-1 -> a=6 b=1 a:throw",
		"4:add-4 -> a=10 b=1 a:won",
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("Replay saw\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if wantP := []Player{First, Second, First, Second, First}; !reflect.DeepEqual(players, wantP) {
		t.Errorf("Replay filled in players %v, want %v", players, wantP)
	}
	if direct := playAll(t, start, plies); final.String() != direct.String() {
		t.Errorf("Replay ended in %q, playing the record ended in %q", final, direct)
	}
	if o := final.Outcome(); !o.Over() || o.Winner != First {
		t.Errorf("final outcome %+v, want a won", o)
	}
	if start.String() != "a=0 b=0 a:throw" {
		t.Errorf("Replay changed its start position to %q", start)
	}
}

// A record may end with throws whose move is still to come.
func TestReplayEndsWithThrows(t *testing.T) {
	plies, _ := ParseRecord("2:add-2 0,3:")
	final, err := Replay(racePos{dice: Sticks}, plies, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := final.String(); got != "a=2 b=0 b:3" {
		t.Errorf("Replay ended in %q, want b to play a 3", got)
	}
}

func TestReplayIllegalPly(t *testing.T) {
	tests := []struct {
		record string
		kind   error
		want   string // the start of the message
		good   int    // plies each sees before the bad one
	}{
		{"2:add-2 3:add-1", ErrIllegalMove, `ply 2 (3:add-1): race: "add-1" is not legal with a 3`, 1},
		{"2:add-2 5:hold", ErrIllegalMove, "ply 2 (5:hold): 5 is not a score of the sticks", 1},
		{"add-2", ErrIllegalMove, "ply 1 (add-2): a throw is due, not a move", 0},
		{"2:add-2 3:hold 4: 1:add-1", ErrIllegalMove, "ply 4 (1:add-1): a move is due, not a throw", 3},
		{"4:add-4 1:hold 4:add-4 1:hold 2:add-2 3:hold", ErrGameOver, "ply 6 (3:hold): ", 5},
	}
	for _, tt := range tests {
		plies, err := ParseRecord(tt.record)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		_, err = Replay(racePos{dice: Sticks}, plies, func(int, Ply, Position) { n++ })
		if !errors.Is(err, tt.kind) {
			t.Errorf("Replay(%q) = %v, want %v", tt.record, err, tt.kind)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Replay(%q) = %q, want it to start %q", tt.record, err, tt.want)
		}
		if n != tt.good {
			t.Errorf("Replay(%q) showed %d plies before the bad one, want %d", tt.record, n, tt.good)
		}
	}
}

func TestRecordReplay(t *testing.T) {
	plies, _ := ParseRecord("4:add-4 0,2:hold 3:add-3")
	rec := Record{Game: "Race", Config: Config{Variant: "modern"}, Plies: plies}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rec) {
		t.Errorf("JSON round trip: %+v, want %+v", back, rec)
	}
	got, err := back.Replay()
	if err != nil || got.String() != "a=7 b=0 b:throw" {
		t.Errorf("Record.Replay = %v, %v; want a=7 b=0 b:throw", got, err)
	}
	for _, bad := range []struct {
		r    Record
		kind error
		want string
	}{
		{Record{Game: "chess"}, ErrBadConfig, `"chess"`},
		{Record{Game: "race", Config: Config{Variant: "nope"}}, ErrBadConfig, `"nope"`},
		{Record{Game: "race", Plies: []Ply{{Throws: []Throw{2}, Move: "add-2"}, {Throws: []Throw{3}, Move: "add-2"}}}, ErrIllegalMove, "ply 2"},
	} {
		if _, err := bad.r.Replay(); !errors.Is(err, bad.kind) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v.Replay() = %v, want %v saying %s", bad.r, err, bad.kind, bad.want)
		}
	}
}

// ParseRecord reads the record file /history sends as it is written: its
// header of '#' lines, then "N<TAB>TOKEN" lines, some with a note after a
// further tab, with Windows line ends or not; and plain tokens as before.
func TestParseRecordFile(t *testing.T) {
	t.Parallel()
	want := []Ply{{Throws: []Throw{3}, Move: "in-3"}, {Throws: []Throw{2}, Move: "in-2"}, {Throws: []Throw{0, 4}, Move: "3-7"}, {Throws: []Throw{1}}}
	for name, text := range map[string]string{
		"a /history file": "# Kilab: Aseb #12\n# Game: aseb\n# Replay: kilab replay --game aseb $(grep -v '^#' f.txt | cut -f2)\n" +
			"1\t3:in-3\n2\t2:in-2\tplayed under rules revision 1\n3\t0,4:3-7\n4\t1:\n# Position: c:3,7 s:2 s:throw\n",
		"Windows line ends": "# Kilab: Aseb #12\r\n1\t3:in-3\r\n2\t2:in-2\tсыгран по редакции правил 1\r\n3\t0,4:3-7\r\n4\t1:\r\n",
		"tokens":            "3:in-3 2:in-2\n0,4:3-7\t1:\n",
		"indented comments": "  # a note\n3:in-3 2:in-2 0,4:3-7 1:",
	} {
		got, err := ParseRecord(text)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ParseRecord = %+v, %v; want %+v", name, got, err, want)
		}
	}
	for _, bad := range []string{"1\t\n", "1\t2:5 8\n", "1\tKilab:\n"} {
		if _, err := ParseRecord(bad); !errors.Is(err, ErrBadNotation) {
			t.Errorf("ParseRecord(%q) = %v, want bad notation", bad, err)
		}
	}
}
