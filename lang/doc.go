// Package lang is Kilab's languages: English, Russian, German, French and
// Spanish. Every sentence a player reads is a message in the catalogs under
// locales/, one JSON file per area and language (bot.ru.json), looked up by
// id and filled from named arguments; plural forms follow each language's
// CLDR rules through go-i18n, never rules written here.
//
// A Lang speaks one language; For picks it from a Discord locale. Text and
// Error carry a message unsaid, for code that does not know yet who will
// read it (an engine's reason a move is illegal). The catalogs are checked
// by this package's tests: every message in every language, the same
// placeholders and every plural form each language needs, and each
// language's glossary (glossary/<tag>.json, read by GlossaryOf): the one
// word it uses for each concept, the words it must not, and the orders it
// says things in (wins, draws, losses).
package lang
