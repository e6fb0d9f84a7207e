package lang

import "github.com/nicksnyder/go-i18n/v2/i18n"

// Messages are the texts of every message of language t by id, unfilled
// (placeholders as written); a plural message has one text per form. It is
// for tests that read the catalogs whole, such as the bot's check that
// every command a message names is one of that language's commands.
func Messages(t Tag) map[string][]string {
	out := map[string][]string{}
	files, err := catalogs.ReadDir("locales")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	for _, f := range files {
		buf, _ := catalogs.ReadFile("locales/" + f.Name())
		mf, err := i18n.ParseMessageFileBytes(buf, f.Name(), nil)
		if err != nil || Tag(mf.Tag.String()) != t {
			continue // load already refused a broken catalog at start
		}
		for _, m := range mf.Messages {
			for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
				if s != "" {
					out[m.ID] = append(out[m.ID], s)
				}
			}
		}
	}
	return out
}
