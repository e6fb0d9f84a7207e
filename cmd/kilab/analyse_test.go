package main

import (
	"strconv"
	"strings"
	"testing"

	"kilab/games"
	"kilab/render"
)

func TestAnalyse(t *testing.T) {
	code, out, errs := kilab(t, "analyse", "--game", "aseb", "--variant", "royalur", "--position", "c:1,5 s:6 c:throw", "--throw", "1")
	if code != 0 || errs != "" {
		t.Fatalf("analyse = %d, %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 { // A5: no entering on the own piece on 1; so 1-2, and 5x6, which captures (A9)
		t.Fatalf("moves: %q", out)
	}
	prev := 101.0
	for _, l := range lines {
		f := strings.Split(l, "\t")
		v, err := strconv.ParseFloat(strings.TrimSuffix(f[1], "%"), 64)
		if len(f) != 3 || err != nil || v > prev || v < 0 || f[2] != "estimate" {
			t.Fatalf("line %q", l)
		}
		prev = v
	}
	if !strings.HasPrefix(lines[0], "5x6\t") {
		t.Errorf("the capture is not the best move: %q", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "aseb"}, "--throw"},
		{[]string{"--game", "seega", "--throw", "2"}, "leave out --throw"},
		{[]string{"--game", "tab", "--throw", "1"}, "another throw is due"},
		{[]string{"--game", "aseb", "--throw", "2", "--tables", t.TempDir()}, "kilab solve"},
	} {
		code, out, errs := kilab(t, append([]string{"analyse"}, c.args...)...)
		if code == 0 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("analyse %q = %d %q %q, want an error saying %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestReview(t *testing.T) {
	t.Parallel()
	g, _ := games.Lookup("seega")
	start, _ := g.New(games.Config{})
	plies, err := render.RandomRecord(start, games.Seeded(4), 40) // each ply reviewed costs a search: 40 show the form
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := kilab(t, append([]string{"review", "--game", "seega"}, strings.Fields(games.FormatRecord(plies))...)...)
	if code != 0 || errs != "" {
		t.Fatalf("review = %d, %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(plies)+2 || lines[len(lines)-1] != "figures\tcalibrated" || !strings.HasPrefix(lines[0], "0\tstart\t") {
		t.Fatalf("%d lines for %d plies: first %q last %q", len(lines), len(plies), lines[0], lines[len(lines)-1])
	}
	choices := 0
	for n, l := range lines[1 : len(lines)-1] {
		f := strings.Split(l, "\t")
		if f[0] != strconv.Itoa(n+1) || (len(f) != 3 && len(f) != 5) {
			t.Fatalf("line %q", l)
		}
		if len(f) == 5 {
			choices++
			if cost, err := strconv.ParseFloat(f[4], 64); err != nil || cost < 0 {
				t.Fatalf("cost in %q", l)
			}
		}
	}
	if choices == 0 {
		t.Error("no move chosen among several was judged")
	}
	code, _, errs = kilab(t, "review", "--game", "seega", "zz-9")
	if code == 0 || errs == "" {
		t.Errorf("a bad record reviewed: %d", code)
	}
}

// kilab solve refuses what it cannot solve before any work; a real solve
// takes the better part of an hour (docs/aseb-solved.md), so none runs here.
func TestSolveRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "tab"}, "only Aseb is solved"},
		{[]string{"--game", "aseb", "--opt", "pieces=7"}, "only 5-piece Aseb"},
		{[]string{"--game", "aseb", "--position", "c:- s:- c:throw"}, "leave out --position"},
		{[]string{"--game", "aseb", "extra"}, "extra"},
		{[]string{"--game", "aseb", "--variant", "ur"}, `"ur"`},
	} {
		code, out, errs := kilab(t, append([]string{"solve"}, c.args...)...)
		if code == 0 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("solve %q = %d %q %q, want an error saying %q", c.args, code, out, errs, c.want)
		}
	}
}
