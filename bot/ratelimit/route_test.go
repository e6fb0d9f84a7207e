package ratelimit

import (
	"strings"
	"testing"
)

func TestRoute(t *testing.T) {
	for _, c := range []struct{ method, url, template, bucket string }{
		{"POST", "https://discord.com/api/v9/channels/111/messages", "POST /channels/:id/messages", "POST+PATCH /channels/111"},
		{"PATCH", "https://discord.com/api/v9/channels/111/messages/222", "PATCH /channels/:id/messages/:id", "POST+PATCH /channels/111"},
		{"GET", "https://discord.com/api/v10/channels/111/messages/222?x=1", "GET /channels/:id/messages/:id", "GET /channels/111/messages/:id"},
		{"POST", "https://discord.com/api/v9/channels/111/messages/222/threads", "POST /channels/:id/messages/:id/threads", "POST /channels/111/messages/:id/threads"},
		{"POST", "https://discord.com/api/v9/users/@me/channels", "POST /users/@me/channels", "POST /users/@me/channels"},
		{"GET", "https://discord.com/api/v9/users/333", "GET /users/:id", "GET /users/:id"},
		{"POST", "https://discord.com/api/v9/interactions/444/aW50ZXJhY3Rpb24/callback", "POST /interactions/:id/:token/callback", "POST /interactions/444/aW50ZXJhY3Rpb24/callback"},
		{"PATCH", "https://discord.com/api/v9/webhooks/555/dG9rZW4/messages/@original", "PATCH /webhooks/:id/:token/messages/@original", "PATCH /webhooks/555/dG9rZW4/messages/@original"},
		{"PUT", "https://discord.com/api/v9/applications/666/guilds/777/commands", "PUT /applications/:id/guilds/:id/commands", "PUT /applications/:id/guilds/777/commands"},
		{"PATCH", "http://127.0.0.1:8080/api/v9/channels/111", "PATCH /channels/:id", "PATCH /channels/111"},
		{"GET", "/channels/111/messages/222", "GET /channels/:id/messages/:id", "GET /channels/111/messages/:id"},
	} {
		template, bucket := Route(c.method, c.url)
		if template != c.template || bucket != c.bucket {
			t.Errorf("Route(%s %s) = %q, %q; want %q, %q", c.method, c.url, template, bucket, c.template, c.bucket)
		}
	}
	for url, want := range map[string]bool{
		"POST https://discord.com/api/v9/interactions/444/tok/callback":             true,
		"PATCH https://discord.com/api/v9/webhooks/555/dG9rZW4/messages/@original":  true,
		"POST https://discord.com/api/v9/webhooks/555/dG9rZW4":                      true,
		"DELETE https://discord.com/api/v9/webhooks/555/dG9rZW4/messages/@original": true,
		"POST https://discord.com/api/v9/channels/1/messages":                       false,
		"PATCH https://discord.com/api/v9/channels/1/messages/2":                    false,
		"POST https://discord.com/api/v9/users/@me/channels":                        false,
		"PUT https://discord.com/api/v9/applications/666/guilds/777/commands":       false,
		"GET https://discord.com/api/v9/channels/1/messages/2":                      false,
	} {
		method, u, _ := strings.Cut(url, " ")
		if got := Exempt(method, u); got != want {
			t.Errorf("Exempt(%s) = %v, want %v: only interaction endpoints are free of the global limit", url, got, want)
		}
	}
}
