package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"kilab/docs"
)

// The README and the pages it links (docs/playing.md, docs/operating.md,
// docs/contributing.md) are held to the code here: every environment
// variable the program reads, every kilab command, every knob of the tests
// is documented, and every relative link leads somewhere. The slash commands
// are held to docs/playing.md by bot's TestDocPlayingHasEveryCommand.

// docRoot is the module's root, from this package's directory.
var docRoot = filepath.Join("..", "..")

// The documents a newcomer is sent through, by their path from the root.
const (
	readmeDoc       = "README.md"
	playingDoc      = "docs/playing.md"
	operatingDoc    = "docs/operating.md"
	contributingDoc = "docs/contributing.md"
)

var newcomerDocs = []string{readmeDoc, playingDoc, operatingDoc, contributingDoc}

func docReadFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(docRoot, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docFence is a fenced code block's opening or closing line.
var docFence = regexp.MustCompile("^\\s*```")

// docInlineCode is a code span, which may wrap across lines.
var docInlineCode = regexp.MustCompile("`([^`]+)`")

// docSplitMarkdown parses text into its prose (fenced blocks left out, their
// lines blank) and its code: every code span's text, and every fenced
// block's, each a string with its line breaks made spaces.
func docSplitMarkdown(text string) (prose string, code []string) {
	var p strings.Builder
	var block []string
	in := false
	for line := range strings.Lines(text) {
		if docFence.MatchString(line) {
			if in {
				code = append(code, strings.Join(block, " "))
				block = nil
			}
			in = !in
			p.WriteString("\n")
			continue
		}
		if in {
			block = append(block, strings.TrimRight(line, "\r\n"))
			p.WriteString("\n")
			continue
		}
		p.WriteString(line)
	}
	for _, m := range docInlineCode.FindAllStringSubmatch(p.String(), -1) {
		code = append(code, strings.Join(strings.Fields(m[1]), " "))
	}
	return p.String(), code
}

// docInCode reports whether some code of the documents has word in it, not as
// part of a longer word: of letters, digits and '_', and with hyphen of '-'
// too (-update is not in -update-same).
func docInCode(code []string, word string, hyphen bool) bool {
	other := `[^A-Za-z0-9_]`
	if hyphen {
		other = `[^A-Za-z0-9_-]`
	}
	re := regexp.MustCompile(`(?:^|` + other + `)` + regexp.QuoteMeta(word) + `(?:` + other + `|$)`)
	return slices.ContainsFunc(code, re.MatchString)
}

func docCodeOf(t *testing.T, names ...string) []string {
	t.Helper()
	var all []string
	for _, n := range names {
		_, code := docSplitMarkdown(docReadFile(t, n))
		all = append(all, code...)
	}
	return all
}

// docGoFile is one Go file of the module, read.
type docGoFile struct {
	path string // from the module's root, with slashes
	src  []byte
}

func (f docGoFile) test() bool     { return strings.HasSuffix(f.path, "_test.go") }
func (f docGoFile) internal() bool { return strings.HasPrefix(f.path, "internal/") }

// docModuleFiles reads every Go file of the module but testdata's.
func docModuleFiles(t *testing.T) []docGoFile {
	t.Helper()
	files, err := docModuleSources()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("found only %d Go files under %s", len(files), docRoot)
	}
	return files
}

// docModuleSources reads the module's Go files once for every test here.
var docModuleSources = sync.OnceValues(func() ([]docGoFile, error) {
	var files []docGoFile
	err := filepath.WalkDir(docRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != docRoot && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(docRoot, path)
		files = append(files, docGoFile{path: filepath.ToSlash(rel), src: src})
		return nil
	})
	return files, err
})

// docConstants resolves a package's string constants by name, parsing only the
// files of its directory that mention a name asked for.
type docConstants struct {
	files []docGoFile
	fset  *token.FileSet
}

// lookup is the value of the string constant name declared in the package
// whose files are in dir ("store", "internal/pgtest").
func (c docConstants) lookup(dir, name string) (string, bool) {
	for _, f := range c.files {
		if docPathDir(f.path) != dir || !strings.Contains(string(f.src), name+" = \"") {
			continue
		}
		file, err := parser.ParseFile(c.fset, f.path, f.src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, decl := range file.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.Name != name || i >= len(vs.Values) {
						continue
					}
					if s, ok := docStringLit(vs.Values[i]); ok {
						return s, true
					}
				}
			}
		}
	}
	return "", false
}

func docPathDir(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[:i]
	}
	return "."
}

func docStringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// codeRead is one name the code reads: an environment variable or a flag.
type codeRead struct {
	name string
	file docGoFile
}

// docCallName is the name a call is made by: "Getenv" for os.Getenv(...) and
// for getenv(...) alike, "Bool" for flag.Bool(...), with the package it is
// called on, if any ("flag").
func docCallName(call *ast.CallExpr) (pkg, name string) {
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return "", fn.Name
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok {
			return x.Name, fn.Sel.Name
		}
		return "", fn.Sel.Name
	}
	return "", ""
}

// docArgValue is a call's argument as a string: a literal, a constant of the
// file's own package, or a constant of a package of this module it imports.
func docArgValue(c docConstants, f docGoFile, file *ast.File, e ast.Expr) (string, bool) {
	if s, ok := docStringLit(e); ok {
		return s, true
	}
	switch e := e.(type) {
	case *ast.Ident:
		return c.lookup(docPathDir(f.path), e.Name)
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return "", false
		}
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			if name == x.Name && strings.HasPrefix(p, "kilab/") {
				return c.lookup(strings.TrimPrefix(p, "kilab/"), e.Sel.Name)
			}
		}
	}
	return "", false
}

// docFlagArg is, for each function of package flag that defines a flag, the
// argument that names it.
var docFlagArg = map[string]int{
	"Bool": 0, "String": 0, "Int": 0, "Int64": 0, "Uint": 0, "Uint64": 0, "Float64": 0, "Duration": 0, "Func": 0, "BoolFunc": 0,
	"BoolVar": 1, "StringVar": 1, "IntVar": 1, "Int64Var": 1, "UintVar": 1, "Uint64Var": 1, "Float64Var": 1, "DurationVar": 1, "TextVar": 1, "Var": 1,
}

// docCodeReads finds the environment variables the module's code reads (the
// arguments of calls named Getenv, getenv and LookupEnv) and the flags its
// tests define (flag.Bool and the like), each with the file it is read in.
func docCodeReads(t *testing.T, files []docGoFile) (env, testFlags []codeRead) {
	t.Helper()
	c := docConstants{files: files, fset: token.NewFileSet()}
	for _, f := range files {
		s := string(f.src)
		hasEnv := strings.Contains(s, "etenv(") || strings.Contains(s, "LookupEnv(")
		hasFlag := f.test() && strings.Contains(s, "flag.")
		if !hasEnv && !hasFlag {
			continue
		}
		file, err := parser.ParseFile(c.fset, f.path, f.src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			pkg, name := docCallName(call)
			switch {
			case name == "Getenv" || name == "getenv" || name == "LookupEnv":
				if v, ok := docArgValue(c, f, file, call.Args[0]); ok {
					env = append(env, codeRead{v, f})
				}
			case hasFlag && pkg == "flag":
				if arg, ok := docFlagArg[name]; ok && arg < len(call.Args) {
					if v, ok := docArgValue(c, f, file, call.Args[arg]); ok {
						testFlags = append(testFlags, codeRead{v, f})
					}
				}
			}
			return true
		})
	}
	return env, testFlags
}

// docKnobLiteral is a KILAB_ variable named in a string literal, however the
// code reads it (a helper such as envInt("KILAB_LOAD_GAMES", 1000), or a
// child process's environment).
var docKnobLiteral = regexp.MustCompile(`"(KILAB_[A-Z0-9_]+)`)

// Every environment variable the program reads is in the README or
// docs/operating.md as `NAME`, where an operator looks for it; those only
// the tests and their helpers (internal/) read are in the documents too,
// docs/contributing.md saying what they do.
func TestDocsNameEveryEnvironmentVariable(t *testing.T) {
	t.Parallel()
	files := docModuleFiles(t)
	env, _ := docCodeReads(t, files)
	operator := docReadFile(t, readmeDoc) + docReadFile(t, operatingDoc)
	code := docCodeOf(t, newcomerDocs...)
	seen := map[string]bool{}
	for _, r := range env {
		if seen[r.name] {
			continue
		}
		seen[r.name] = true
		if r.file.test() || r.file.internal() {
			if !docInCode(code, r.name, false) {
				t.Errorf("%s reads %s, which no code span of %s names", r.file.path, r.name, strings.Join(newcomerDocs, ", "))
			}
			continue
		}
		if !strings.Contains(operator, "`"+r.name+"`") {
			t.Errorf("%s reads %s, which neither %s nor %s has as `%s`", r.file.path, r.name, readmeDoc, operatingDoc, r.name)
		}
	}
	for _, want := range []string{"DISCORD_TOKEN", "DATABASE_URL", "KILAB_TEST_POSTGRES", "KILAB_LONG"} {
		if !seen[want] {
			t.Errorf("the scan of the code found no read of %s: it misses what it should find", want)
		}
	}
	for _, f := range files {
		for _, m := range docKnobLiteral.FindAllStringSubmatch(string(f.src), -1) {
			if !seen[m[1]] && !docInCode(code, m[1], false) {
				seen[m[1]] = true
				t.Errorf("%s names %s, which no code span of %s names", f.path, m[1], strings.Join(newcomerDocs, ", "))
			}
		}
	}
}

// Every flag a test defines (go test ./render -update) is in
// docs/contributing.md as `-name`.
func TestDocsNameEveryTestFlag(t *testing.T) {
	t.Parallel()
	_, flags := docCodeReads(t, docModuleFiles(t))
	if len(flags) == 0 {
		t.Fatal("the scan of the tests found no flag: it misses what it should find")
	}
	code := docCodeOf(t, contributingDoc)
	for _, r := range flags {
		if !docInCode(code, "-"+r.name, true) {
			t.Errorf("%s defines the test flag -%s, which %s does not name", r.file.path, r.name, contributingDoc)
		}
	}
}

// Every kilab command is documented as `kilab NAME` in the README or a page
// of docs/.
func TestDocsNameEveryCommand(t *testing.T) {
	t.Parallel()
	names := append([]string(nil), newcomerDocs...)
	more, err := filepath.Glob(filepath.Join(docRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range more {
		rel, _ := filepath.Rel(docRoot, m)
		if rel = filepath.ToSlash(rel); !slices.Contains(names, rel) {
			names = append(names, rel)
		}
	}
	code := docCodeOf(t, names...)
	for _, c := range commands() {
		if !docInCode(code, "kilab "+c.name, true) {
			t.Errorf("no code span of the README or docs/*.md says `kilab %s`", c.name)
		}
	}
}

// docLink is an inline link or image: [text](target) or ![alt](target).
var docLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// Every relative link of the README and its pages leads to a file that
// exists, and a link to a heading (#anchor) to a heading the file has, by
// the anchors GitHub gives headings.
func TestDocsLinksLeadSomewhere(t *testing.T) {
	t.Parallel()
	anchors := map[string]map[string]bool{} // by file, from the module's root
	anchorsOf := func(name string) map[string]bool {
		if a, ok := anchors[name]; ok {
			return a
		}
		a := map[string]bool{}
		prose, _ := docSplitMarkdown(docReadFile(t, name))
		for line := range strings.Lines(prose) {
			if h, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && strings.HasPrefix(line, "#") {
				a[docs.Anchor(strings.TrimSpace(h))] = true
			}
		}
		anchors[name] = a
		return a
	}
	links := 0
	for _, name := range newcomerDocs {
		prose, _ := docSplitMarkdown(docReadFile(t, name))
		for _, m := range docLink.FindAllStringSubmatch(prose, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			to := name
			if file != "" {
				to = filepath.ToSlash(filepath.Join(docPathDir(name), file))
				if _, err := os.Stat(filepath.Join(docRoot, filepath.FromSlash(to))); err != nil {
					t.Errorf("%s links %s, which does not exist", name, target)
					continue
				}
			}
			if anchor != "" {
				if !strings.HasSuffix(to, ".md") {
					t.Errorf("%s links %s: an anchor in a file that is no Markdown", name, target)
				} else if !anchorsOf(to)[anchor] {
					t.Errorf("%s links %s, but %s has no heading with that anchor", name, target, to)
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d relative links in %v", links, newcomerDocs)
	}
}

// The README is the newcomer's page: short, its test command the one CI
// runs, and every page it hands the rest to linked from it.
func TestDocsReadmeIsShortAndLinksEveryPage(t *testing.T) {
	t.Parallel()
	readme := docReadFile(t, readmeDoc)
	if n := strings.Count(readme, "\n"); n > 160 {
		t.Errorf("the README is %d lines; it is the newcomer's page, and the rest goes to docs/", n)
	}
	if !strings.Contains(readme, "```\ngo test ./...\n```") {
		t.Error("the README's test command is not `go test ./...` in a code block of its own")
	}
	if !strings.Contains(readme, "kilab try") {
		t.Error("the README does not start a newcomer with kilab try")
	}
	for _, page := range []string{playingDoc, operatingDoc, contributingDoc, "docs/rules.md", "docs/notation.md", "docs/ai.md", "docs/aseb-solved.md", "LICENSE"} {
		if !strings.Contains(readme, "]("+page+")") {
			t.Errorf("the README does not link %s", page)
		}
	}
	for _, page := range []string{playingDoc, operatingDoc, contributingDoc} {
		if !strings.Contains(docReadFile(t, page), "](../README.md)") {
			t.Errorf("%s does not link back to the README", page)
		}
	}
}
