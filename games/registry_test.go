package games

import (
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// named is race under another registry key.
type named struct {
	race
	name string
}

func (n named) Name() string { return n.name }

func init() {
	Register(race{})
	Register(named{name: "zeta"})
	Register(named{name: "alpha"})
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"race", "RACE", " Race ", "zeta"} {
		g, err := Lookup(name)
		if err != nil {
			t.Errorf("Lookup(%q): %v", name, err)
			continue
		}
		if want := strings.ToLower(strings.TrimSpace(name)); g.Name() != want {
			t.Errorf("Lookup(%q) = %q", name, g.Name())
		}
	}
}

func TestLookupUnknown(t *testing.T) {
	for _, name := range []string{"chess", "", "rac"} {
		g, err := Lookup(name)
		if !errors.Is(err, ErrBadConfig) || g != nil {
			t.Errorf("Lookup(%q) = %v, %v; want nil and ErrBadConfig", name, g, err)
			continue
		}
		// The message lists what is known, so a typo is easy to fix. Other
		// engines may be registered too (by external tests that import them).
		known := strings.Join(Names(), ", ")
		if !strings.Contains(err.Error(), strconv.Quote(name)) || !strings.Contains(err.Error(), "(known: "+known+")") {
			t.Errorf("Lookup(%q): error %q should name it and list %s", name, err, known)
		}
	}
}

func TestNamesSorted(t *testing.T) {
	got := Names()
	if !slices.IsSorted(got) {
		t.Errorf("Names() = %v, not sorted", got)
	}
	// Registered race, zeta, alpha in that order; other engines may be there too.
	var ours []string
	for _, n := range got {
		if n == "alpha" || n == "race" || n == "zeta" {
			ours = append(ours, n)
		}
	}
	if want := []string{"alpha", "race", "zeta"}; !slices.Equal(ours, want) {
		t.Errorf("Names() = %v, want it to hold %v", got, want)
	}
	got[0] = "changed"
	if Names()[0] == "changed" {
		t.Error("Names returns the registry's own slice")
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering race twice did not panic")
		}
		if g, err := Lookup("race"); err != nil || g.Name() != "race" {
			t.Errorf("after the failed Register, Lookup(race) = %v, %v", g, err)
		}
	}()
	Register(race{})
}

// DESIGN: games imports nothing of ours (no engine, no store, no bot) and does
// no I/O, so that every other package may import it. The one exception is
// kilab/lang, itself a leaf (it imports nothing of ours and reads only its
// embedded catalogs), through which engines word what players read.
func TestImportsNothingOfOurs(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	banned := []string{"os", "net", "net/http", "database/sql", "log"}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range ast.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "kilab/lang" {
				continue
			}
			if path == "kilab" || strings.HasPrefix(path, "kilab/") || slices.Contains(banned, path) {
				t.Errorf("%s imports %q", f, path)
			}
		}
	}
	if checked == 0 {
		t.Fatal("found no source files to check")
	}
}
