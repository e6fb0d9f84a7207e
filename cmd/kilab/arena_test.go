package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestArenaCountsEveryGame(t *testing.T) {
	code, out, errs := kilab(t, "arena", "--game", "tab", "--opt", "width=7", "--a", "random", "--b", "random", "--games", "30", "--seed", "5")
	if code != 0 || errs != "" {
		t.Fatalf("arena = %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(out, "tab standard width=7: random (A) vs random (B), 30 games, seed 5\n") {
		t.Errorf("header: %q", out)
	}
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^  (?:A wins|draws|B wins) +(\d+) `).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	if total != 30 {
		t.Errorf("wins, draws and losses add up to %d, want 30:\n%s", total, out)
	}
	_, again, _ := kilab(t, "arena", "--game", "tab", "--opt", "width=7", "--a", "random", "--b", "random", "--games", "30", "--seed", "5")
	if firstLines(again, 4) != firstLines(out, 4) {
		t.Errorf("the same seed gave\n%s\nthen\n%s", out, again)
	}
}

// One game, or one game at a time, is said in the singular.
func TestArenaSaysOneGame(t *testing.T) {
	code, out, errs := kilab(t, "arena", "--game", "tab", "--opt", "width=7", "--a", "random", "--b", "random", "--games", "1", "--workers", "1", "--seed", "5")
	if code != 0 || errs != "" {
		t.Fatalf("arena = %d, stderr %q", code, errs)
	}
	for _, want := range []string{"(B), 1 game, seed 5\n", "with 1 game at once)"} {
		if !strings.Contains(out, want) {
			t.Errorf("arena lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "1 games") {
		t.Errorf("arena says \"1 games\":\n%s", out)
	}
}

func firstLines(s string, n int) string {
	return strings.Join(strings.SplitN(s, "\n", n+1)[:n], "\n")
}

func TestArenaErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "tab", "--a", "random"}, "-a and -b are required"},
		{[]string{"--game", "tab", "--a", "random", "--b", "grandmaster"}, `no agent "grandmaster" for tab`},
		{[]string{"--game", "tab", "--a", "random", "--b", "random", "--games", "0"}, "at least 1"},
		{[]string{"--a", "random", "--b", "random"}, "--game is required"},
		{[]string{"--game", "seega", "--opt", "width=9", "--a", "random", "--b", "random"}, `"width"`},
		{[]string{"--game", "tab", "--position", "x", "--a", "random", "--b", "random"}, "leave out --position"},
		{[]string{"--game", "tab", "--a", "random", "--b", "random", "stray"}, "stray"},
	} {
		code, out, errs := kilab(t, append([]string{"arena"}, c.args...)...)
		if code == 0 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("arena %q = %d, %q, %q; want an error saying %q", c.args, code, out, errs, c.want)
		}
	}
}

// --calibrate adds the judge's table: every position where a move was due
// gives a chance to each player, each in one tenth of chance, each tenth
// with its gap and the gap's margin, and the fit.
func TestArenaCalibrates(t *testing.T) {
	code, out, errs := kilab(t, "arena", "--game", "tab", "--opt", "width=7", "--a", "random", "--b", "random", "--games", "4", "--seed", "5", "--calibrate")
	if code != 0 || errs != "" {
		t.Fatalf("arena --calibrate = %d, stderr %q", code, errs)
	}
	m := regexp.MustCompile(`at (\d+) positions where a move was due`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no calibration:\n%s", out)
	}
	total := 0
	for _, row := range regexp.MustCompile(`(?m)^ +\d+- *\d+% +(\d+) .*$`).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(row[1])
		total += n
		if !regexp.MustCompile(`[-+]\d+\.\d +(\d+\.\d|\+Inf)$`).MatchString(row[0]) {
			t.Errorf("a tenth without its gap and margin: %q", row[0])
		}
	}
	if want, _ := strconv.Atoi(m[1]); total != 2*want || total == 0 {
		t.Errorf("the tenths hold %d chances, the header says %s positions:\n%s", total, m[1], out)
	}
	if !regexp.MustCompile(`largest gap \d+\.\d points; .* sharpened by \d+\.\d{3}`).MatchString(out) ||
		!regexp.MustCompile(`the first seat, over every position: predicted \d+\.\d%, observed \d+\.\d%`).MatchString(out) ||
		!regexp.MustCompile(`the player on move, over every position: predicted \d+\.\d%, observed \d+\.\d%`).MatchString(out) {
		t.Errorf("no fit:\n%s", out)
	}
}
