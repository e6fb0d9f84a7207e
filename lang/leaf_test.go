package lang

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNothingOfOurs keeps lang a leaf: the engines import it, and it
// must not import them (or anything else of Kilab's) back.
func TestImportsNothingOfOurs(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range ast.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "kilab" || strings.HasPrefix(path, "kilab/") {
				t.Errorf("%s imports %q", f, path)
			}
		}
	}
}
