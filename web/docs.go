package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"kilab/docs"
	"kilab/lang"
)

// The rulebook and the notation guide, in every language, at /docs/FILE:
// the same file names and heading anchors as where an operator hosts
// docs/ (DOCS_URL), so that /rules and /help link to a rule here by the
// same address. Each is rendered from the Markdown built into the program,
// once, when the pages start.

// docPage is one document's page: its language, its title and its body.
type docPage struct {
	Lang, Title string
	Body        template.HTML
	Labels      map[string]string
	Choices     []langChoice
	Others      []docLink
}

type docLink struct{ Href, Title string }

// renderDocs renders every document in every language, by file name.
func (s *Server) renderDocs() map[string]packed {
	md := goldmark.New(goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(docLinks{}, 100))))
	out := map[string]packed{}
	for _, doc := range docs.Docs {
		for _, code := range docs.Langs {
			src, err := docs.Text(doc, code)
			if err != nil {
				panic(err) // the documents are built in: the tests see every one
			}
			var body bytes.Buffer
			ctx := parser.NewContext(parser.WithIDs(&anchors{seen: map[string]int{}}))
			if err := md.Convert([]byte(src), &body, parser.WithContext(ctx)); err != nil {
				panic(err)
			}
			l := lang.Of(lang.Tag(code))
			page := docPage{Lang: code, Title: title(src), Body: template.HTML(body.String()), Labels: labels(l),
				Choices: docChoices(l, doc)}
			for _, other := range docs.Docs {
				if other != doc {
					t, _ := docs.Text(other, code)
					page.Others = append(page.Others, docLink{Href: "/docs/" + docs.File(other, code), Title: title(t)})
				}
			}
			var html bytes.Buffer
			if err := s.tmpl.ExecuteTemplate(&html, "docs.html", page); err != nil {
				panic(err)
			}
			out[docs.File(doc, code)] = pack(html.Bytes())
		}
	}
	return out
}

// title is a document's first heading.
func title(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			return strings.TrimSpace(t)
		}
	}
	return "Kilab"
}

// docChoices is the language chooser of doc's page: the same document in
// each language.
func docChoices(l *lang.Lang, doc string) []langChoice {
	out := make([]langChoice, len(lang.Tags))
	for i, t := range lang.Tags {
		out[i] = langChoice{Tag: string(t), Name: lang.Of(t).T("web.language_name"), Href: "/docs/" + docs.File(doc, string(t)),
			Current: t == l.Tag()}
	}
	return out
}

// docPage answers /docs/FILE.
func (s *Server) docsPage(w http.ResponseWriter, r *http.Request) {
	page, ok := s.docs[r.PathValue("file")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	page.write(w, r)
}

// anchors gives headings the anchors GitHub gives them (docs.Anchor), a
// repeated one numbered as GitHub numbers it (-1, -2...).
type anchors struct{ seen map[string]int }

func (a *anchors) Generate(value []byte, _ ast.NodeKind) []byte {
	id := docs.Anchor(string(value))
	n := a.seen[id]
	a.seen[id]++
	if n > 0 {
		id = fmt.Sprintf("%s-%d", id, n)
	}
	return []byte(id)
}

func (a *anchors) Put(value []byte) { a.seen[string(value)]++ }

// docLinks points the documents' links to each other at their pages here;
// a link to a file this program does not carry (notation.md, for operators)
// keeps its text and loses its link. It also lets the keyboard reach the
// tables, which scroll sideways on a narrow screen.
type docLinks struct{}

func (docLinks) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	served := map[string]bool{}
	for _, d := range docs.Docs {
		for _, code := range docs.Langs {
			served[docs.File(d, code)] = true
		}
	}
	var unlink []*ast.Link
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if table, ok := n.(*east.Table); ok && entering {
			// A wide table scrolls on a phone: the keyboard must reach it.
			table.SetAttributeString("tabindex", []byte("0"))
		}
		link, ok := n.(*ast.Link)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		dest := string(link.Destination)
		switch file, frag, _ := strings.Cut(dest, "#"); {
		case strings.Contains(dest, "://") || strings.HasPrefix(dest, "#"):
		case served[file]:
			link.Destination = []byte("/docs/" + file + strings.TrimSuffix("#"+frag, "#"))
		default:
			unlink = append(unlink, link)
		}
		return ast.WalkContinue, nil
	})
	for _, link := range unlink {
		parent := link.Parent()
		for c := link.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, link, c)
			c = next
		}
		parent.RemoveChild(parent, link)
	}
}
