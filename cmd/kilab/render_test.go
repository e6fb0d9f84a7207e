package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string // in the description
	}{
		{[]string{"--game", "aseb"}, "Cones to throw"},
		{[]string{"--game", "aseb", "--position", "c:1,5,9+1 s:3,12 s:2"}, "Spindles to move"},
		{[]string{"--game", "tab", "--opt", "width=29"}, "4 rows by 29 columns"},
		{[]string{"--game", "seega", "--opt", "size=7"}, "7x7"},
	} {
		out := filepath.Join(dir, "board.png")
		code, stdout, stderr := kilab(t, append([]string{"render", "-o", out}, tc.args...)...)
		if code != 0 || !strings.Contains(stdout, tc.want) {
			t.Errorf("render %v = %d, %q, %q; want 0 and %q", tc.args, code, stdout, stderr, tc.want)
			continue
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != 800 {
			t.Errorf("render %v wrote a PNG that decodes to %v, %v", tc.args, img, err)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	for _, args := range [][]string{
		{"render"},
		{"render", "--game", "go"},
		{"render", "--game", "aseb", "--position", "nonsense"},
		{"render", "--game", "aseb", "extra"},
		{"render", "--game", "aseb", "-o", filepath.Join(t.TempDir(), "no", "such", "dir.png")},
		{"demo", "--game", "aseb"},
		{"demo", "--game", "aseb", "--position", "c:- s:- c:throw", "-o", t.TempDir()},
	} {
		if code, _, stderr := kilab(t, args...); code == 0 || !strings.HasPrefix(stderr, "kilab: ") {
			t.Errorf("%v = %d, stderr %q; want an error", args, code, stderr)
		}
	}
}

// TestDemo plays a seeded game twice: the same record both times, a picture
// per position and a replay that decodes. Tab on its narrowest board with
// seed 724 is a short game (32 plies; every picture costs), drawing both
// throws and moves from the seed.
func TestDemo(t *testing.T) {
	t.Parallel()
	var records []string
	// The race run (-short) plays it once: a second game only shows the
	// seed decides it, where the race detector adds nothing.
	for range map[bool]int{false: 2, true: 1}[testing.Short()] {
		dir := t.TempDir()
		code, stdout, stderr := kilab(t, "demo", "--game", "tab", "--opt", "width=7", "--seed", "724", "-o", dir)
		if code != 0 || !strings.Contains(stdout, "outcome\t") {
			t.Fatalf("demo = %d, %q, %q", code, stdout, stderr)
		}
		record, _, _ := strings.Cut(stdout, "\n")
		records = append(records, record)
		pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		if want := len(strings.Fields(record)) + 1; len(pngs) != want {
			t.Errorf("%d pictures for %d plies", len(pngs), want-1)
		}
		b, err := os.ReadFile(filepath.Join(dir, "replay.gif"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gif.DecodeAll(bytes.NewReader(b)); err != nil {
			t.Errorf("replay.gif: %v", err)
		}
		saved, _ := os.ReadFile(filepath.Join(dir, "record.txt"))
		if strings.TrimSpace(string(saved)) != record {
			t.Errorf("record.txt %q, printed %q", saved, record)
		}
	}
	if len(records) == 2 && records[0] != records[1] {
		t.Errorf("the same seed played two games:\n%s\n%s", records[0], records[1])
	}
}

// A demo into a folder an earlier, longer demo used leaves only its own
// pictures, and nothing that is not a demo picture is touched.
func TestDemoReplacesOldFrames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"9999.png", "0500.png", "notes.png", "keep.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := kilab(t, "demo", "--game", "aseb", "--seed", "464", "-o", dir) // a short game, 70 plies
	if code != 0 {
		t.Fatalf("demo = %d %q", code, stderr)
	}
	record, _, _ := strings.Cut(stdout, "\n")
	frames, _ := filepath.Glob(filepath.Join(dir, "[0-9]*.png"))
	if want := len(strings.Fields(record)) + 1; len(frames) != want {
		t.Errorf("%d numbered pictures for %d plies: old frames left behind", len(frames), want-1)
	}
	for _, keep := range []string{"notes.png", "keep.txt"} {
		if _, err := os.Stat(filepath.Join(dir, keep)); err != nil {
			t.Errorf("%s was removed: %v", keep, err)
		}
	}
}
