package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kilab puzzles writes a file that kilab puzzles verify accepts; a puzzle
// changed in the file is refused, with exit code 1 and which puzzle it is.
func TestPuzzlesWriteAndVerify(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "p.json")
	code, out, errs := kilab(t, "puzzles", "--game", "seega", "-n", "2", "-o", file, "--seed", "3")
	if code != 0 || !strings.Contains(out, "2 puzzles of seega free size=5 from ") {
		t.Fatalf("kilab puzzles = %d, %q, %q", code, out, errs)
	}
	code, out, errs = kilab(t, "puzzles", "verify", file)
	if code != 0 || out != "seega free size=5\t2 puzzles\tok\n" {
		t.Fatalf("kilab puzzles verify = %d, %q, %q", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"difficulty": `, `"difficulty": 1`, 1) // 1 then the digit: 11, 12 or 13
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = kilab(t, "puzzles", "verify", file)
	if code != 1 || !strings.Contains(errs, "puzzle 1 of 2 is bad") || !strings.Contains(errs, "difficulty 1") {
		t.Errorf("a changed puzzle: kilab puzzles verify = %d, %q", code, errs)
	}
}

// Bad input is one clear line and exit code 1, and writes nothing.
func TestPuzzlesErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzles", "--game", "aseb", "-n", "1", "-o", out}, "give --tables DIR"},
		{[]string{"puzzles", "--game", "aseb", "-n", "1", "-o", out, "--tables", dir}, "no table for aseb standard"},
		{[]string{"puzzles", "--game", "aseb", "--variant", "royalur", "-n", "1", "-o", out, "--tables", dir}, "no table for aseb royalur"},
		{[]string{"puzzles", "--game", "aseb", "--opt", "pieces=7", "-n", "1", "-o", out, "--tables", dir}, "only 5-piece Aseb is solved"},
		{[]string{"puzzles", "--game", "seega", "-n", "0", "-o", out}, "-n must be at least 1"},
		{[]string{"puzzles", "--game", "seega", "-n", "1"}, "-o FILE is required"},
		{[]string{"puzzles", "-n", "1", "-o", out}, "--game is required"},
		{[]string{"puzzles", "verify"}, "takes one FILE"},
		{[]string{"puzzles", "verify", garbage}, "not a puzzle file"},
		{[]string{"puzzles", "verify", filepath.Join(dir, "none.json")}, "no such file"},
	} {
		code, _, errs := kilab(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("kilab %s = %d, %q; want 1 and %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused run wrote its file")
	}
}
