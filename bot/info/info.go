package info

import "kilab/bot/kit"

// Info is the information commands, on the bot's shared Core.
type Info struct {
	*kit.Core
	// DocsURL is where the operator hosts docs/ (DOCS_URL), without a
	// trailing slash: /rules and /help link to its rules.md and
	// notation-brief.md (and their translations). "": nowhere, no links.
	DocsURL string
}

// New is the information commands of the bot whose Core is core.
func New(core *kit.Core) *Info { return &Info{Core: core} }
