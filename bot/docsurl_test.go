package bot

import "testing"

// /rules and /help link to DOCS_URL where it is set, else to the web
// pages' documents where PUBLIC_URL is, else nowhere.
func TestDocsURL(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, ""},
		{Config{PublicURL: "https://kilab.example/"}, "https://kilab.example/docs"},
		{Config{DocsURL: "https://github.com/you/kilab/blob/main/docs", PublicURL: "https://kilab.example"}, "https://github.com/you/kilab/blob/main/docs"},
	} {
		if got := docsURL(c.cfg); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cfg, got, c.want)
		}
	}
}
