package ratelimit

import (
	"net/http"
	"strings"
)

// Route names a request to Discord's REST API by its method and path (a
// full URL or the path alone): template is the route with every id and
// token replaced ("PATCH /channels/:id/messages/:id"), as the metrics name
// it; bucket keeps the ids of its top-level resource (the channel, guild,
// or webhook and its token; an interaction and its token), which Discord
// shares its per-route limit by ("PATCH /channels/123/messages/:id"), or,
// for routes Discord counts together, the name of their shared bucket and
// the resource ("POST+PATCH /channels/123", sharedBuckets).
func Route(method, url string) (template, bucket string) {
	path := apiPath(url)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	tmpl := make([]string, len(segs))
	keep := make([]string, len(segs))
	for i, s := range segs {
		tmpl[i], keep[i] = s, s
		switch {
		case i > 1 && tokenAt(segs, i):
			tmpl[i] = ":token"
			if !major(segs[i-2]) {
				keep[i] = ":token"
			}
		case isID(s):
			tmpl[i] = ":id"
			if i == 0 || !major(segs[i-1]) {
				keep[i] = ":id"
			}
		}
	}
	template = method + " /" + strings.Join(tmpl, "/")
	if shared, ok := sharedBuckets[template]; ok {
		return template, shared + " /" + strings.Join(keep[:2], "/")
	}
	return template, method + " /" + strings.Join(keep, "/")
}

// sharedBuckets names the routes Discord counts in one bucket of their
// channel: creating and editing messages share a bucket hash, 5 requests
// per 5 s per channel (discord/discord-api-docs#981, #2761). Keyed apart,
// a board posted while the old one's buttons were taken off, in the same
// thread, spent the window twice over and earned 429s.
var sharedBuckets = map[string]string{
	"POST /channels/:id/messages":      "POST+PATCH",
	"PATCH /channels/:id/messages/:id": "POST+PATCH",
}

// Exempt reports whether a request is free of the bot's global limit: one
// of Discord's interaction endpoints, an interaction's callback and the
// requests on its webhook (the original answer, follow-ups), which Discord
// does not count against the bot. Kilab executes no other webhook, so every
// request under /webhooks/:id/:token is an interaction's. Counting them
// made a click's answer (a deferral, then an edit of the original) wait
// behind the boards of other moves once the bot ran at the limit.
func Exempt(method, url string) bool {
	t, _ := Route(method, url)
	return (method == http.MethodPost && t == "POST /interactions/:id/:token/callback") ||
		strings.Contains(t, " /webhooks/:id/:token")
}

// apiPath is url's path below /api/v<n>, without a query.
func apiPath(url string) string {
	url, _, _ = strings.Cut(url, "?")
	if _, rest, ok := strings.Cut(url, "/api/"); ok {
		if _, below, ok := strings.Cut(rest, "/"); ok && strings.HasPrefix(rest, "v") {
			return "/" + below
		}
		return "/" + rest
	}
	if i := strings.Index(url, "://"); i >= 0 {
		if j := strings.Index(url[i+3:], "/"); j >= 0 {
			return url[i+3+j:]
		}
		return "/"
	}
	return url
}

// major reports whether the id after segment s is a top-level resource.
func major(s string) bool {
	return s == "channels" || s == "guilds" || s == "webhooks" || s == "interactions"
}

// tokenAt reports whether segment i is a token: the one after a webhook's
// or an interaction's id.
func tokenAt(segs []string, i int) bool {
	return (segs[i-2] == "webhooks" || segs[i-2] == "interactions") && isID(segs[i-1])
}

// isID reports whether s is a snowflake: digits only.
func isID(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
