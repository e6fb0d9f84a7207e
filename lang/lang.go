package lang

import (
	"embed"
	"fmt"
	"log/slog"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Tag names a language Kilab speaks.
type Tag string

// The languages, English first: it is the one every other falls back to.
const (
	English Tag = "en"
	Russian Tag = "ru"
	German  Tag = "de"
	French  Tag = "fr"
	Spanish Tag = "es"
)

// Tags are the languages Kilab speaks.
var Tags = []Tag{English, Russian, German, French, Spanish}

//go:embed locales/*.json
var catalogs embed.FS

// bundle holds every catalog; langs one Lang per Tag, made once.
var (
	bundle = load()
	langs  = localizers()
)

func localizers() map[Tag]*Lang {
	m := make(map[Tag]*Lang, len(Tags))
	for _, t := range Tags {
		m[t] = &Lang{tag: t, loc: i18n.NewLocalizer(bundle, string(t), string(English))}
	}
	return m
}

func load() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	files, err := catalogs.ReadDir("locales")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		if _, err := b.LoadMessageFileFS(catalogs, "locales/"+f.Name()); err != nil {
			panic(fmt.Sprintf("lang: %s: %v", f.Name(), err))
		}
	}
	return b
}

// Lang speaks one language.
type Lang struct {
	tag Tag
	loc *i18n.Localizer
}

// Of returns the Lang of t, English for a tag Kilab does not speak.
func Of(t Tag) *Lang {
	if l, ok := langs[t]; ok {
		return l
	}
	return langs[English]
}

// En is English, for logs and for whoever has no locale yet.
var En = Of(English)

// For returns the language of a Discord locale ("ru", "en-US", "es-419"):
// the one Kilab speaks with the same base language, else English.
func For(locale string) *Lang {
	base, _, _ := strings.Cut(locale, "-")
	return Of(Tag(strings.ToLower(base)))
}

// Tag is the language l speaks.
func (l *Lang) Tag() Tag { return l.tag }

// T says message id, filled from kv: names and values in turn
// ("Player", "<@1>", "Days", 3). A message missing from the catalogs comes
// out as its id in brackets (the catalog tests keep that from shipping).
func (l *Lang) T(id string, kv ...any) string {
	return l.say(id, nil, kv)
}

// N says message id with the plural form that fits n, which the message
// reads as {{.Count}}.
func (l *Lang) N(id string, n int, kv ...any) string {
	return l.say(id, n, append(kv, "Count", n))
}

// Nd says message id with the plural form that fits d, a number written
// in decimals ("2", "0.5"): the plural rules of many languages tell a
// fraction from a whole number, which an int cannot carry.
func (l *Lang) Nd(id string, d string, kv ...any) string {
	return l.say(id, d, kv)
}

func (l *Lang) say(id string, count any, kv []any) string {
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data(kv), PluralCount: count})
	if err != nil {
		slog.Error("lang: message", "id", id, "lang", l.tag, "err", err)
		if s == "" {
			return "[" + id + "]"
		}
	}
	return s
}

// data makes template data of names and values in turn.
func data(kv []any) map[string]any {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[fmt.Sprint(kv[i])] = kv[i+1]
	}
	return m
}

// Has reports whether id is a message of the catalogs.
func Has(id string) bool {
	_, err := En.loc.Localize(&i18n.LocalizeConfig{MessageID: id})
	return err == nil
}
