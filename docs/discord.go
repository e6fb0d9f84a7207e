package docs

import (
	"regexp"
	"strings"
)

// link is a Markdown link: [text](target).
var link = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)

// Discord is body as a Discord message shows it: a paragraph's lines joined
// (the files wrap them; Discord would break the line), list items on lines
// of their own, tables as one line per row (Discord draws no tables),
// "###" headings in bold and code blocks as they are, in the typography of
// language code (French spaces its colons). A link to another of the
// documents keeps only its text unless linkTo gives an address for its
// target ("notation.md"); linkTo may be nil.
func Discord(body, code string, linkTo func(target string) string) string {
	var out []string // lines as shown
	var para []string
	var table [][]string
	inCode := false
	endPara := func() {
		if len(para) > 0 {
			out = append(out, strings.Join(para, " "))
			para = nil
		}
	}
	endTable := func() {
		if len(table) > 0 {
			out = append(out, tableLines(table, code)...)
			table = nil
		}
	}
	for line := range strings.Lines(body) {
		line = strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			endPara()
			endTable()
			out = append(out, line)
			inCode = !inCode
		case inCode:
			out = append(out, line)
		case trimmed == "":
			endPara()
			endTable()
			if len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
		case strings.HasPrefix(trimmed, "|"):
			endPara()
			table = append(table, cells(trimmed))
		case strings.HasPrefix(trimmed, "### "):
			endPara()
			endTable()
			out = append(out, "**"+strings.TrimPrefix(trimmed, "### ")+"**")
		case strings.HasPrefix(line, "- "):
			endPara()
			para = []string{"• " + strings.TrimPrefix(line, "- ")}
		case strings.HasPrefix(line, "   - "), strings.HasPrefix(line, "  - "):
			endPara()
			para = []string{"  ◦ " + strings.TrimSpace(trimmed[2:])}
		case numbered.MatchString(line) && (len(para) == 0 || item(para[0])):
			// "6. " inside a paragraph is a wrapped line, not an item
			endPara()
			para = []string{trimmed}
		default:
			para = append(para, trimmed)
		}
	}
	endPara()
	endTable()
	text := strings.TrimSpace(strings.Join(out, "\n"))
	return link.ReplaceAllStringFunc(text, func(m string) string {
		parts := link.FindStringSubmatch(m)
		if linkTo != nil {
			if to := linkTo(parts[2]); to != "" {
				return "[" + parts[1] + "](" + to + ")"
			}
		}
		return parts[1]
	})
}

// numbered is an item of a numbered list: "1. ".
var numbered = regexp.MustCompile(`^\d+\. `)

// item reports whether a shown line is a list's item.
func item(line string) bool {
	return strings.HasPrefix(line, "• ") || strings.HasPrefix(line, "  ◦ ") || numbered.MatchString(line)
}

// cells are a table row's cells.
func cells(row string) []string {
	row = strings.Trim(row, "|")
	var out []string
	for c := range strings.SplitSeq(row, "|") {
		out = append(out, strings.TrimSpace(c))
	}
	return out
}

// separator is a table's line under its header: "| --- | --- |".
var separator = regexp.MustCompile(`^[\s|:-]+$`)

// tableLines are a table's rows as lines: with two columns "first: second"
// (a token and its meaning); with more, the first cell in bold, then each
// other cell after its column's header.
func tableLines(rows [][]string, code string) []string {
	colon, semicolon := ": ", "; "
	if code == "fr" {
		colon, semicolon = " : ", " ; "
	}
	if len(rows) < 2 {
		return nil
	}
	header, rows := rows[0], rows[1:]
	if len(rows) > 0 && separator.MatchString(strings.Join(rows[0], "|")) {
		rows = rows[1:]
	}
	var out []string
	for _, r := range rows {
		if len(r) == 2 {
			out = append(out, "• "+r[0]+colon+r[1])
			continue
		}
		parts := make([]string, 0, len(r)-1)
		for k := 1; k < len(r) && k < len(header); k++ {
			parts = append(parts, header[k]+colon+r[k])
		}
		out = append(out, "• **"+r[0]+"**"+colon+strings.Join(parts, semicolon))
	}
	return out
}
