package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kilab/ai/learn"
)

// kilab train writes a network the learned evaluation reads, the same
// for the same seed; a game it does not cover, or no -o, is refused with
// nothing written.
func TestTrainWritesANetwork(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	for _, name := range []string{"a.knn", "b.knn"} {
		code, out, errs := kilab(t, "train", "--game", "tab", "--opt", "width=7", "--games", "3", "--seed", "9", "-o", file(name))
		if code != 0 || errs != "" || !strings.Contains(out, "tab learned from 3 games (seed 9)") {
			t.Fatalf("train = %d, %q, stderr %q", code, out, errs)
		}
	}
	a, _ := os.ReadFile(file("a.knn"))
	b, _ := os.ReadFile(file("b.knn"))
	if _, err := learn.Load(a, "tab/1"); err != nil || string(a) != string(b) {
		t.Errorf("the network: %v; the same seed wrote the same file: %v", err, string(a) == string(b))
	}
	code, out, errs := kilab(t, "train", "--game", "seega", "--games", "2", "--seed", "9", "--workers", "2", "-o", file("s.knn"))
	if code != 0 || errs != "" || !strings.Contains(out, "seega learned from 2 games (seed 9)") {
		t.Fatalf("train seega = %d, %q, stderr %q", code, out, errs)
	}
	if s, _ := os.ReadFile(file("s.knn")); len(s) == 0 {
		t.Error("no Seega network written")
	} else if _, err := learn.Load(s, "seega/5/1"); err != nil {
		t.Errorf("the Seega network: %v", err)
	}
	arenaWithNet(t, file("s.knn"))
	for _, bad := range [][]string{
		{"train", "--game", "aseb", "-o", file("c.knn")},
		{"train", "--game", "seega", "--opt", "size=6", "-o", file("c.knn")},
		{"train", "--game", "tab", "--games", "3"},
		{"train", "--game", "tab", "--games", "0", "-o", file("c.knn")},
		{"train", "--game", "tab", "--workers", "0", "-o", file("c.knn")},
		{"train", "--game", "tab", "--opt", "width=8", "-o", file("c.knn")},
	} {
		if code, _, errs := kilab(t, bad...); code != 1 || !strings.HasPrefix(errs, "kilab: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v = %d, stderr %q; want one line and 1", bad, code, errs)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d files in the folder, want the three networks only", len(entries))
	}
}

// arenaWithNet plays Seega's learned level from the network trained at
// path, and checks the refusals of --net: without it on a board that has no
// network shipped, on another board, in another game, from no file.
func arenaWithNet(t *testing.T, path string) {
	t.Helper()
	code, out, errs := kilab(t, "arena", "--game", "seega", "-a", "learned", "-b", "random", "--games", "1", "--budget", "20ms", "--net", path)
	if code != 0 || errs != "" || !strings.Contains(out, "learned scores") {
		t.Errorf("arena from the network = %d, %q, stderr %q", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "seega", "-a", "learned", "--opt", "size=7", "--net", path}, `want "seega/7/1"`},
		{[]string{"--game", "tab", "-a", "hard", "--net", path}, "--net is for Seega"},
		{[]string{"--game", "seega", "-a", "learned", "--net", path + ".none"}, "no such file"},
	} {
		args := append([]string{"arena", "-b", "random", "--games", "1"}, c.args...)
		code, out, errs := kilab(t, args...)
		if code != 1 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%q = %d, %q, %q; want an error saying %q", args, code, out, errs, c.want)
		}
	}
}
