package games_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The rulebook is the product's own: docs/rules.md has every rule id, each as
// a heading a link can point to; every id the code and docs cite is there;
// and nothing cites a rulebook outside the repository.
func TestRulebook(t *testing.T) {
	root := filepath.Join("..")
	book, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#### ([ADTS]\d+)\. \S`).FindAllStringSubmatch(string(book), -1) {
		if defined[m[1]] {
			t.Errorf("rule %s is defined twice", m[1])
		}
		defined[m[1]] = true
	}
	for prefix, n := range map[string]int{"D": 5, "A": 12, "T": 12, "S": 8} {
		for i := 1; i <= n; i++ {
			if id := prefix + strconv.Itoa(i); !defined[id] {
				t.Errorf("docs/rules.md has no heading for rule %s", id)
			}
		}
	}
	// A citation is a parenthesis or bracket of rule ids: "(A8)", "(A1, A8)",
	// "(T1-T9)", "[A5-A8]".
	cite := regexp.MustCompile(`[(\[]((?:[ADTS]\d+(?:-[ADTS]?\d+)?(?:, | and )?)+)[)\]:]`)
	id := regexp.MustCompile(`[ADTS]\d+`)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return skipDir(d, err)
		}
		if d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".sql")) {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(text), "RULES"+".md") {
			t.Errorf("%s cites a rulebook outside the repository", path)
		}
		for _, c := range cite.FindAllStringSubmatch(string(text), -1) {
			for _, ref := range id.FindAllString(c[1], -1) {
				if !defined[ref] {
					t.Errorf("%s cites %s, which docs/rules.md does not define (in %q)", path, ref, c[0])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func skipDir(d fs.DirEntry, err error) error {
	if err != nil {
		return err
	}
	return filepath.SkipDir
}
