package games

import (
	"errors"
	"reflect"
	"testing"
)

var (
	aThrows = racePos{dice: Sticks}                                        // a=0 b=0 a:throw
	aMoves  = racePos{dice: Sticks, state: raceMove, throw: 3}             // a=0 b=0 a:3
	aWon    = racePos{dice: Sticks, state: raceOver, score: [2]int{10, 0}} // a=10 b=0 a:won
)

func TestPlayAs(t *testing.T) {
	tests := []struct {
		name   string
		pos    racePos
		player Player
		move   string
		want   error
	}{
		{"not your turn", aMoves, Second, "add-3", ErrNotYourTurn},
		{"a throw is due", aThrows, First, "add-3", ErrIllegalMove},
		{"game over", aWon, First, "hold", ErrGameOver},
		{"game over, other player", aWon, Second, "hold", ErrGameOver},
		{"no such seat", aMoves, Player(2), "add-3", ErrNotYourTurn},
		{"illegal for the engine", aMoves, First, "add-1", ErrIllegalMove},
	}
	for _, tt := range tests {
		got, err := PlayAs(tt.pos, tt.player, tt.move)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: PlayAs(%v, %v, %q) = %v, want %v", tt.name, tt.pos, tt.player, tt.move, err, tt.want)
		}
		if got.String() != tt.pos.String() {
			t.Errorf("%s: PlayAs failed but returned %q, not the position it was given", tt.name, got)
		}
	}
	got, err := PlayAs(aMoves, First, "add-3")
	if err != nil || got.String() != "a=3 b=0 b:throw" {
		t.Errorf("PlayAs(a:3, a, add-3) = %v, %v; want a=3 b=0 b:throw", got, err)
	}
}

func TestThrowAs(t *testing.T) {
	tests := []struct {
		name   string
		pos    racePos
		player Player
		th     Throw
		want   error
	}{
		{"not your turn", aThrows, Second, 2, ErrNotYourTurn},
		{"a move is due", aMoves, First, 2, ErrIllegalMove},
		{"game over", aWon, First, 2, ErrGameOver},
		{"5 is no sticks score", aThrows, First, 5, ErrIllegalMove},
		{"6 is no sticks score", aThrows, First, 6, ErrIllegalMove},
		{"-1 is no sticks score", aThrows, First, -1, ErrIllegalMove},
		{"0 is no tab score", racePos{dice: TabSticks}, First, 0, ErrIllegalMove},
		{"5 is no tab score", racePos{dice: TabSticks}, First, 5, ErrIllegalMove},
		{"0 is no d4 face", racePos{dice: D4}, First, 0, ErrIllegalMove},
		{"nothing is thrown in a game without dice", racePos{dice: NoDice}, First, 1, ErrIllegalMove},
	}
	for _, tt := range tests {
		got, err := ThrowAs(tt.pos, tt.player, tt.th)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: ThrowAs(%v, %v, %d) = %v, want %v", tt.name, tt.pos, tt.player, tt.th, err, tt.want)
		}
		if got.String() != tt.pos.String() {
			t.Errorf("%s: ThrowAs failed but returned %q", tt.name, got)
		}
	}
	for _, ok := range []struct {
		d  Dice
		th Throw
	}{{Sticks, 0}, {Sticks, 4}, {TabSticks, 6}, {TabSticks, 1}, {D4, 4}} {
		if _, err := ThrowAs(racePos{dice: ok.d}, First, ok.th); err != nil {
			t.Errorf("ThrowAs a %d of the %v: %v", ok.th, ok.d, err)
		}
	}
}

func TestRecorderGroupsThrowsThenMove(t *testing.T) {
	var r Recorder
	r.Throw(First, 0)
	r.Throw(First, 2)
	r.Move(First, "add-2")
	r.Throw(First, 4) // a house's extra throw: a new ply of the same player
	r.Move(First, "add-4")
	r.Throw(Second, 3)
	r.Move(Second, "hold")
	r.Move(Second, "again") // a move without throws (a Tab turn's second score)
	want := []Ply{
		{Player: First, Throws: []Throw{0, 2}, Move: "add-2"},
		{Player: First, Throws: []Throw{4}, Move: "add-4"},
		{Player: Second, Throws: []Throw{3}, Move: "hold"},
		{Player: Second, Throws: nil, Move: "again"},
	}
	if !reflect.DeepEqual(r.Plies, want) {
		t.Errorf("Recorder.Plies = %+v\nwant %+v", r.Plies, want)
	}
	if got := FormatRecord(r.Plies); got != "0,2:add-2 4:add-4 3:hold again" {
		t.Errorf("FormatRecord = %q", got)
	}
}

func TestRecorderNewPlyOnPlayerChange(t *testing.T) {
	var r Recorder
	r.Throw(First, 2)  // a ply left open ...
	r.Throw(Second, 1) // ... does not take the other player's throw
	r.Move(First, "add-2")
	r.Move(Second, "add-1")
	want := []Ply{
		{Player: First, Throws: []Throw{2}, Move: ""},
		{Player: Second, Throws: []Throw{1}, Move: ""},
		{Player: First, Throws: nil, Move: "add-2"},
		{Player: Second, Throws: nil, Move: "add-1"},
	}
	if !reflect.DeepEqual(r.Plies, want) {
		t.Errorf("Recorder.Plies = %+v\nwant %+v", r.Plies, want)
	}
}

func TestAdvance(t *testing.T) {
	again := func(score int) racePos {
		return racePos{dice: Sticks, state: raceAgain, score: [2]int{score, 0}}
	}
	tests := []struct {
		name   string
		pos    racePos
		throws []Throw
		want   string
		plies  []Ply
	}{
		{"nothing automatic", aThrows, nil, "a=0 b=0 a:throw", nil},
		{"a choice waits", aMoves, nil, "a=0 b=0 a:3", nil},
		{"game over", aWon, nil, "a=10 b=0 a:won", nil},
		{"thrown again up to a choice", again(0), []Throw{0, 0, 2}, "a=0 b=0 a:2",
			[]Ply{{Player: First, Throws: []Throw{0, 0, 2}, Move: ""}}},
		{"the only move is played", again(9), []Throw{3}, "a=9 b=0 b:throw",
			[]Ply{{Player: First, Throws: []Throw{3}, Move: "pass"}}},
		{"thrown again, then the only move", again(8), []Throw{0, 4}, "a=8 b=0 b:throw",
			[]Ply{{Player: First, Throws: []Throw{0, 4}, Move: "pass"}}},
		{"a forced pass with the throw already made", racePos{dice: Sticks, state: raceMove, throw: 4, score: [2]int{0, 9}, turn: Second},
			nil, "a=0 b=9 a:throw", []Ply{{Player: Second, Throws: nil, Move: "pass"}}},
	}
	for _, tt := range tests {
		src := script(t, Sticks, tt.throws...)
		var rec Recorder
		got, err := Advance(tt.pos, src, &rec)
		if err != nil {
			t.Errorf("%s: Advance: %v", tt.name, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%s: Advance(%v) = %q, want %q", tt.name, tt.pos, got, tt.want)
		}
		if !reflect.DeepEqual(rec.Plies, tt.plies) {
			t.Errorf("%s: recorded %+v, want %+v", tt.name, rec.Plies, tt.plies)
		}
		if src.left() != 0 {
			t.Errorf("%s: %d scripted throws were not drawn", tt.name, src.left())
		}
	}
}

// Advance plays only a single legal move: with a choice marked Auto by mistake
// it stops with an error and plays nothing.
func TestAdvanceRefusesAChoice(t *testing.T) {
	pos := aMoves
	pos.lieAuto = true
	var rec Recorder
	got, err := Advance(pos, script(t, Sticks), &rec)
	if err == nil {
		t.Fatalf("Advance chose a move by itself: %v, %+v", got, rec.Plies)
	}
	if got.String() != pos.String() || len(rec.Plies) != 0 {
		t.Errorf("Advance failed but moved to %q and recorded %+v", got, rec.Plies)
	}
}

func TestRoll(t *testing.T) {
	tests := []struct {
		name   string
		pos    racePos
		throws []Throw
		want   string
		plies  []Ply
	}{
		{"a throw with a choice", aThrows, []Throw{2}, "a=0 b=0 a:2",
			[]Ply{{Player: First, Throws: []Throw{2}, Move: ""}}},
		{"a 0, thrown again by the server", aThrows, []Throw{0, 0, 3}, "a=0 b=0 a:3",
			[]Ply{{Player: First, Throws: []Throw{0, 0, 3}, Move: ""}}},
		{"a throw with only the pass", racePos{dice: Sticks, score: [2]int{9, 0}}, []Throw{4}, "a=9 b=0 b:throw",
			[]Ply{{Player: First, Throws: []Throw{4}, Move: "pass"}}},
	}
	for _, tt := range tests {
		src := script(t, Sticks, tt.throws...)
		var rec Recorder
		got, err := Roll(tt.pos, First, src, &rec)
		if err != nil {
			t.Errorf("%s: Roll: %v", tt.name, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%s: Roll = %q, want %q", tt.name, got, tt.want)
		}
		if !reflect.DeepEqual(rec.Plies, tt.plies) {
			t.Errorf("%s: recorded %+v, want %+v", tt.name, rec.Plies, tt.plies)
		}
		if src.left() != 0 {
			t.Errorf("%s: %d scripted throws were not drawn", tt.name, src.left())
		}
	}
}

// A click that is not due draws nothing and records nothing.
func TestRollRefuses(t *testing.T) {
	tests := []struct {
		name   string
		pos    racePos
		player Player
		want   error
	}{
		{"not your turn", aThrows, Second, ErrNotYourTurn},
		{"a move is due", aMoves, First, ErrIllegalMove},
		{"game over", aWon, First, ErrGameOver},
	}
	for _, tt := range tests {
		var rec Recorder
		got, err := Roll(tt.pos, tt.player, script(t, Sticks), &rec)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Roll = %v, want %v", tt.name, err, tt.want)
		}
		if got.String() != tt.pos.String() || len(rec.Plies) != 0 {
			t.Errorf("%s: Roll failed but moved to %q and recorded %+v", tt.name, got, rec.Plies)
		}
	}
}

// Whole games driven by Roll and the first legal move always end, and their
// records replay to the same position (D3).
func TestD3_PlayedGamesReplay(t *testing.T) {
	for seed := range uint64(50) {
		src := Seeded(seed)
		var rec Recorder
		var pos Position = racePos{dice: Sticks}
		for n := 0; !pos.Outcome().Over(); n++ {
			if n > 10_000 {
				t.Fatalf("seed %d: no end after 10,000 actions", seed)
			}
			due := pos.Due()
			var err error
			if due.Kind == DueThrow {
				pos, err = Roll(pos, due.Player, src, &rec)
			} else {
				m := pos.Moves()[0].Notation
				if pos, err = PlayAs(pos, due.Player, m); err == nil {
					rec.Move(due.Player, m)
					pos, err = Advance(pos, src, &rec)
				}
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		plies, err := ParseRecord(FormatRecord(rec.Plies))
		if err != nil {
			t.Fatal(err)
		}
		var players []Player
		got, err := Replay(racePos{dice: Sticks}, plies, func(_ int, p Ply, _ Position) { players = append(players, p.Player) })
		if err != nil {
			t.Fatalf("seed %d: replaying %s: %v", seed, FormatRecord(rec.Plies), err)
		}
		if got.String() != pos.String() {
			t.Errorf("seed %d: replay ended in %q, the game in %q", seed, got, pos)
		}
		for i, p := range rec.Plies {
			if players[i] != p.Player {
				t.Errorf("seed %d: ply %d: Replay thought %v played it, the recorder %v", seed, i+1, players[i], p.Player)
				break
			}
		}
	}
}
