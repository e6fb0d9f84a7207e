package web

import (
	"net/http"
	"strings"

	"golang.org/x/text/language"

	"kilab/lang"
)

// matcher picks among the languages Kilab speaks, English first.
var matcher = language.NewMatcher(tags())

func tags() []language.Tag {
	out := make([]language.Tag, len(lang.Tags))
	for i, t := range lang.Tags {
		out[i] = language.Make(string(t))
	}
	return out
}

// langOf is the language to answer r in: the one chosen on the page
// (?lang=), else the browser's first the pages speak (Accept-Language),
// else English. chosen says it was chosen on the page, so that the page's
// own links keep it.
func langOf(r *http.Request) (l *lang.Lang, chosen bool) {
	if q := r.URL.Query().Get("lang"); q != "" {
		for _, t := range lang.Tags {
			if string(t) == q {
				return lang.Of(t), true
			}
		}
	}
	accept := r.Header.Get("Accept-Language")
	if len(accept) > 256 {
		accept = accept[:256]
	}
	prefs, _, err := language.ParseAcceptLanguage(accept)
	if err != nil || len(prefs) == 0 {
		return lang.En, false
	}
	_, i, conf := matcher.Match(prefs...)
	if conf == language.No {
		return lang.En, false
	}
	return lang.Of(lang.Tags[i]), false
}

// langChoice is one entry of a page's language chooser.
type langChoice struct {
	Tag, Name, Href string
	Current         bool
}

// choices is the chooser for a page at path in l: each language by its
// own name, linking to the page in it.
func choices(l *lang.Lang, path, fragment string) []langChoice {
	out := make([]langChoice, len(lang.Tags))
	for i, t := range lang.Tags {
		out[i] = langChoice{Tag: string(t), Name: lang.Of(t).T("web.language_name"), Href: path + "?lang=" + string(t) + fragment,
			Current: t == l.Tag()}
	}
	return out
}

// withLang adds the chosen language to a page's own link.
func withLang(href string, l *lang.Lang, chosen bool) string {
	if !chosen {
		return href
	}
	sep := "?"
	if strings.Contains(href, "?") {
		sep = "&"
	}
	return href + sep + "lang=" + string(l.Tag())
}
