package seega_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"kilab/games"
	"kilab/games/seega"
	"kilab/internal/testlong"
)

// The registry has Seega with its seats, variants and the size option.
func TestGameRegistered(t *testing.T) {
	g, err := games.Lookup("Seega")
	if err != nil {
		t.Fatal(err)
	}
	if g.Name() != "seega" || g.Title() != "Seega" || g.Seats() != [2]string{"light", "dark"} {
		t.Errorf("game %s %q %v", g.Name(), g.Title(), g.Seats())
	}
	var keys []string
	for _, v := range g.Variants() {
		keys = append(keys, v.Key)
		if len(v.Options) != 1 || v.Options[0].Key != "size" || !slices.Equal(v.Options[0].Values, []string{"5", "7", "9"}) {
			t.Errorf("variant %s options %+v", v.Key, v.Options)
		}
	}
	if !slices.Equal(keys, []string{"free", "lane"}) {
		t.Errorf("variants %v", keys)
	}
	cfg, err := games.Normalize(g, games.Config{})
	if err != nil || cfg.String() != "free size=5" {
		t.Errorf("default configuration %q, %v", cfg, err)
	}
	pos, err := g.New(games.Config{Variant: "lane", Options: map[string]string{"size": "9"}})
	if err != nil || pos.(seega.Position).Size() != 9 || pos.(seega.Position).Variant() != "lane" {
		t.Errorf("New lane size=9: %v, %v", pos, err)
	}
	if _, err := g.Parse(conf("free", "7"), "...../...../...../...../..... L place hand=12/12"); !errors.Is(err, games.ErrBadNotation) {
		t.Errorf("a 5x5 board read as 7x7: %v", err)
	}
}

// DrawFirst is a fair coin: the same as games.Coin, and both sides come up.
func TestDrawFirst(t *testing.T) {
	g := seega.Game{}
	seen := map[int]bool{}
	for seed := range uint64(64) {
		o, err := g.DrawFirst(conf("lane", "7"), games.Seeded(seed))
		if err != nil || o.First != int(games.Coin(games.Seeded(seed))) || len(o.Rounds) != 0 {
			t.Fatalf("seed %d: %+v, %v", seed, o, err)
		}
		seen[o.First] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("64 tosses gave only %v", seen)
	}
	if _, err := g.DrawFirst(conf("free", "8"), games.Seeded(1)); !errors.Is(err, games.ErrBadConfig) {
		t.Errorf("size 8: %v", err)
	}
}

// Nothing is thrown in Seega, and a fresh game waits for light's placement.
func TestNoThrows(t *testing.T) {
	p := mustNew(t, "free", "5")
	if due := p.Due(); due != (games.Due{Kind: games.DueMove, Player: games.First, Dice: games.NoDice}) {
		t.Errorf("due %+v", due)
	}
	if _, err := p.Throw(2); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("Throw: %v", err)
	}
	if _, err := games.PlayAs(p, games.Second, "A1+B1"); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("dark placing first: %v", err)
	}
}

// Effect names the cells a move touches, for drawing the last move.
func TestEffect(t *testing.T) {
	p := mustNew(t, "free", "5")
	e, err := p.Effect("B2+A1")
	if err != nil || e.Move.String() != "A1+B2" || e.From != seega.NoCell || fmt.Sprint(cells(e.To)) != "[A1 B2]" || e.Player != games.First {
		t.Errorf("Effect(B2+A1) = %+v, %v", e, err)
	}
	p = at(t, "L..../.DLL./...D./LD.../..L.D L move quiet=9")
	e, err = p.Effect("C1-C2")
	if err != nil || e.From.String() != "C1" || fmt.Sprint(cells(e.To)) != "[C2]" || fmt.Sprint(cells(e.Captured)) != "[B2]" {
		t.Errorf("Effect(C1-C2) = %+v, %v", e, err)
	}
	if _, err := p.Effect("C1-C3"); !errors.Is(err, games.ErrIllegalMove) {
		t.Errorf("Effect of an illegal move: %v", err)
	}
}

// Whole games through games.Game and games.Position only, as the bot and the
// CLI play them: Advance plays the automatic passes, every listed move is
// legal, and the record replays from its configuration.
func TestInterfaceGames(t *testing.T) {
	n := testlong.Pick(30, 100) // games per size, half with each opening
	if testing.Short() {
		n = 10
	}
	g, _ := games.Lookup("seega")
	for _, size := range []string{"5", "7", "9"} {
		for seed := range uint64(n) {
			cfg, _ := games.Normalize(g, conf([]string{"free", "lane"}[seed%2], size))
			if err := interfaceGame(g, cfg, seed); err != nil {
				t.Fatalf("%s seed %d: %v", cfg, seed, err)
			}
		}
	}
}

func interfaceGame(g games.Game, cfg games.Config, seed uint64) error {
	pos, err := g.New(cfg)
	if err != nil {
		return err
	}
	src := games.Seeded(seed)
	var rec games.Recorder
	for pos.Due().Kind != games.DueNothing {
		if pos, err = games.Advance(pos, src, &rec); err != nil || pos.Due().Kind == games.DueNothing {
			break
		}
		due, moves := pos.Due(), pos.Moves()
		if due.Auto || len(moves) == 0 || slices.ContainsFunc(moves, func(m games.Move) bool { return m.Notation == "pass" }) {
			return fmt.Errorf("%s: due %+v, moves %v", pos, due, moves)
		}
		m := moves[src.Uint64()%uint64(len(moves))].Notation
		if _, err := games.PlayAs(pos, due.Player.Other(), m); !errors.Is(err, games.ErrNotYourTurn) {
			return fmt.Errorf("%s played by the wrong side: %v", m, err)
		}
		rec.Move(due.Player, m)
		if pos, err = games.PlayAs(pos, due.Player, m); err != nil {
			return err
		}
	}
	if err != nil {
		return err
	}
	end, err := games.Record{Game: "seega", Config: cfg, Plies: rec.Plies}.Replay()
	if err != nil || end.String() != pos.String() {
		return fmt.Errorf("record replays to %v, %v; the game ended at %s", end, err, pos)
	}
	return nil
}

// PlayMove checks moves built by hand as strictly as Play checks notation.
func TestPlayMoveChecksCells(t *testing.T) {
	p := mustNew(t, "free", "5")
	for _, m := range []seega.Move{
		{Kind: seega.Place, From: -3, To: 200 - 256 + 100},
		{Kind: seega.Place, From: seega.CellAt(0, 0), To: seega.CellAt(6, 6)},
		{Kind: seega.Step, From: seega.NoCell, To: seega.CellAt(0, 0)},
		{Kind: seega.Remove, From: 127},
		{Kind: 9},
	} {
		if _, err := p.PlayMove(m); !errors.Is(err, games.ErrIllegalMove) {
			t.Errorf("%+v: %v", m, err)
		}
	}
}
