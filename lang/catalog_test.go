package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// messages reads every catalog: language, then id, then message.
func messages(t *testing.T) map[Tag]map[string]*i18n.Message {
	t.Helper()
	all := map[Tag]map[string]*i18n.Message{}
	files, _ := catalogs.ReadDir("locales")
	for _, f := range files {
		buf, _ := catalogs.ReadFile("locales/" + f.Name())
		mf, err := i18n.ParseMessageFileBytes(buf, f.Name(), nil)
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		tag := Tag(mf.Tag.String())
		if !slices.Contains(Tags, tag) {
			t.Fatalf("%s: Kilab does not speak %q", f.Name(), tag)
		}
		if all[tag] == nil {
			all[tag] = map[string]*i18n.Message{}
		}
		for _, m := range mf.Messages {
			if _, dup := all[tag][m.ID]; dup {
				t.Errorf("%s: %s is in two catalogs", tag, m.ID)
			}
			all[tag][m.ID] = m
		}
	}
	return all
}

// TestEveryMessageInEveryLanguage fails on a message some language lacks, or
// has that English does not.
func TestEveryMessageInEveryLanguage(t *testing.T) {
	all := messages(t)
	if len(all[English]) == 0 {
		t.Fatal("no English messages")
	}
	for _, tag := range Tags[1:] {
		for id := range all[English] {
			if _, ok := all[tag][id]; !ok {
				t.Errorf("%s: no translation of %s", tag, id)
			}
		}
		for id := range all[tag] {
			if _, ok := all[English][id]; !ok {
				t.Errorf("%s: %s is not an English message", tag, id)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`{{-?\s*\.(\w+)`)

// forms are a message's texts, plural forms included.
func forms(m *i18n.Message) []string {
	var out []string
	for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func placeholders(m *i18n.Message) []string {
	var names []string
	for _, s := range forms(m) {
		for _, p := range placeholder.FindAllStringSubmatch(s, -1) {
			names = append(names, p[1])
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestPlaceholdersMatch fails when a translation drops or invents a value
// the English message is filled with ({{.Count}} excepted: a language may
// say "one" where English says "1").
func TestPlaceholdersMatch(t *testing.T) {
	all := messages(t)
	for _, tag := range Tags[1:] {
		for id, en := range all[English] {
			m, ok := all[tag][id]
			if !ok {
				continue
			}
			want := slices.DeleteFunc(placeholders(en), func(s string) bool { return s == "Count" })
			got := slices.DeleteFunc(placeholders(m), func(s string) bool { return s == "Count" })
			if !slices.Equal(want, got) {
				t.Errorf("%s %s: placeholders %v, English has %v", tag, id, got, want)
			}
		}
	}
}

// TestPluralForms says every plural message with every count from 0 to 1000
// (and a million, and the fractions Lang.Nd passes) in each language on its
// own, so a form the language's CLDR rules pick for some count (Russian
// "few" for 2, "many" for 5, "other" for 0.5) and the catalog lacks fails.
func TestPluralForms(t *testing.T) {
	all := messages(t)
	for _, tag := range Tags {
		loc := i18n.NewLocalizer(bundle, string(tag))
		for id, en := range all[English] {
			if en.One == "" && en.Few == "" && en.Many == "" {
				continue
			}
			counts := []any{1000000, "0.5", "1.5", "2.5", "21.5"} // French and Spanish "many"; fractions
			for n := 0; n <= 1000; n++ {
				counts = append(counts, n)
			}
			for _, n := range counts {
				data := map[string]any{"Count": n}
				for _, p := range placeholders(en) {
					if p != "Count" {
						data[p] = "x"
					}
				}
				cfg := &i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: data}
				s, err := loc.Localize(cfg)
				if err != nil || strings.Contains(s, "<no value>") {
					t.Errorf("%s %s with %v: %q, %v", tag, id, n, s, err)
					break
				}
			}
		}
	}
}

// TestTemplatesRun fills every message of every language with the values its
// English placeholders name, so a broken template fails here, not in a DM.
func TestTemplatesRun(t *testing.T) {
	all := messages(t)
	for _, tag := range Tags {
		loc := i18n.NewLocalizer(bundle, string(tag))
		for id, en := range all[English] {
			data := map[string]any{"Count": 2}
			for _, p := range placeholders(en) {
				data[p] = "x"
			}
			cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: data}
			if en.One != "" {
				cfg.PluralCount = 2
			}
			if _, err := loc.Localize(cfg); err != nil {
				t.Errorf("%s %s: %v", tag, id, err)
			}
		}
	}
}

// TestCodeNamesOnlyMessages reads every Go file of the module for the ids it
// says (l.T("..."), lang.N("..."), lang.Fail("..."), lang.Wrap(err, "...")) and fails on one
// no catalog has.
func TestCodeNamesOnlyMessages(t *testing.T) {
	all := messages(t)
	seen := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		for _, id := range saidIDs(t, path) {
			seen++
			if _, ok := all[English][id]; !ok {
				t.Errorf("%s: says %s, which no catalog has", path, id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("found no message ids in the code")
	}
}

// saidIDs are the literal message ids of calls to T, N, Fail and Wrap in a file.
func saidIDs(t *testing.T, path string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		arg := 0
		switch sel.Sel.Name {
		case "T", "N", "Fail":
		case "Wrap":
			arg = 1
		default:
			return true
		}
		if arg >= len(call.Args) {
			return true
		}
		if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if id, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(id, ".") {
				ids = append(ids, id)
			}
		}
		return true
	})
	return ids
}
