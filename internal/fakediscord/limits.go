package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Violation is one rule of Discord's that a request body breaks.
type Violation struct {
	// Path locates the offending value in the body: "components.0.components.2.custom_id".
	Path string
	// Rule says what is wrong, with the limit and what was sent.
	Rule string
	// Source is "limits" (Discord's documentation) or "openapi" (the spec).
	Source string
}

func (v Violation) String() string {
	p := v.Path
	if p == "" {
		p = "(body)"
	}
	return fmt.Sprintf("[%s] %s: %s", v.Source, p, v.Rule)
}

// Discord's documented limits.
const (
	maxContent          = 2000 // the spec says 4000; the documentation, stricter, 2000
	maxEmbeds           = 10
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxEmbedFields      = 25
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxFooterText       = 2048
	maxAuthorName       = 256
	maxEmbedTotal       = 6000
	maxActionRows       = 5
	maxRowButtons       = 5
	maxCustomID         = 100
	maxButtonLabel      = 80
	maxSelectOptions    = 25
	maxOptionText       = 100
	maxPlaceholder      = 150
	maxChoices          = 25
	maxChoiceText       = 100
	maxDescription      = 1024 // attachment description
	maxFiles            = 10
	maxUpload           = 10 << 20 // bytes per file for a bot
	maxThreadName       = 100
)

// checker collects the violations of one body.
type checker struct {
	vs []Violation
}

func (c *checker) add(path, format string, args ...any) {
	c.vs = append(c.vs, Violation{Path: path, Rule: fmt.Sprintf(format, args...), Source: "limits"})
}

// maxLen checks a string field's length in characters, when present.
func (c *checker) maxLen(o map[string]any, key, path string, max int) int {
	s, ok := o[key].(string)
	if !ok {
		return 0
	}
	n := utf8.RuneCountInString(s)
	if n > max {
		c.add(join(path, key), "at most %d characters, got %d", max, n)
	}
	return n
}

// length checks a required string's length is within [min, max].
func (c *checker) length(o map[string]any, key, path string, min, max int) {
	s, _ := o[key].(string)
	if n := utf8.RuneCountInString(s); n < min || n > max {
		c.add(join(path, key), "must be %d-%d characters, got %d", min, max, n)
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func idx(path string, i int) string { return join(path, strconv.Itoa(i)) }

// CheckLimits checks a request body for route (as in Request.Route) against
// Discord's documented limits. files are the uploads sent with it. It knows
// the bodies of the routes the bot uses and passes any other.
func CheckLimits(route string, body json.RawMessage, files []File) []Violation {
	var v any
	if len(body) > 0 {
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			return []Violation{{Rule: "body is not valid JSON: " + err.Error(), Source: "limits"}}
		}
	}
	c := &checker{}
	o, _ := v.(map[string]any)
	switch route {
	case "POST /channels/{channel_id}/messages":
		c.message(o, "", files, false)
	case "PATCH /channels/{channel_id}/messages/{message_id}":
		c.message(o, "", files, false)
	case "POST /webhooks/{webhook_id}/{webhook_token}",
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
		c.message(o, "", files, true)
	case "POST /interactions/{interaction_id}/{interaction_token}/callback":
		c.callback(o, files)
	case "PUT /applications/{application_id}/commands",
		"PUT /applications/{application_id}/guilds/{guild_id}/commands":
		c.commands(v)
	case "POST /channels/{channel_id}/messages/{message_id}/threads":
		c.thread(o, false)
	case "POST /channels/{channel_id}/threads":
		c.thread(o, true)
	}
	return c.vs
}

func (c *checker) callback(o map[string]any, files []File) {
	t, _ := o["type"].(json.Number)
	data, _ := o["data"].(map[string]any)
	switch t.String() {
	case "4", "7":
		c.message(data, "data", files, true)
	case "8":
		c.choices(data)
	case "5", "6":
		if len(files) > 0 {
			c.add("", "a deferred response (type %s) cannot carry files", t)
		}
	}
}

// messageFields are the fields of a message body, as Discord spells them.
var messageFields = map[string]bool{
	"content": true, "embeds": true, "components": true, "attachments": true, "allowed_mentions": true,
	"flags": true, "nonce": true, "enforce_nonce": true, "tts": true, "sticker_ids": true, "poll": true,
	"message_reference": true,
}

// fieldNames reports the keys of a body that mean a message field but spell
// it otherwise: Discord reads names as written and ignores the others, so
// "Components" sends no buttons, though a Go decoder (the fake's own) would
// take it for "components". Keys that name no field at all (discordgo's
// "ID" on an edit) are ignored by both, harmlessly.
func (c *checker) fieldNames(o map[string]any, path string) {
	for k := range o {
		if low := strings.ToLower(k); low != k && messageFields[low] {
			c.add(join(path, k), "Discord reads field names as written: %q is ignored, %q was meant", k, low)
		}
	}
}

// message checks a message body: create, edit or interaction response.
func (c *checker) message(o map[string]any, path string, files []File, interaction bool) {
	if o == nil {
		return
	}
	c.fieldNames(o, path)
	c.maxLen(o, "content", path, maxContent)
	c.embeds(o["embeds"], join(path, "embeds"))
	flags := number(o["flags"])
	const componentsV2 = 1 << 15
	c.components(o["components"], join(path, "components"), flags&componentsV2 != 0)
	c.attachments(o["attachments"], join(path, "attachments"), files)
	c.allowedMentions(o["allowed_mentions"], join(path, "allowed_mentions"))
	if flags&(1<<6) != 0 && !interaction {
		c.add(join(path, "flags"), "EPHEMERAL (64) applies only to interaction responses and follow-ups")
	}
}

func number(v any) int64 {
	n, _ := v.(json.Number)
	i, _ := n.Int64()
	return i
}

func (c *checker) embeds(v any, path string) {
	es, _ := v.([]any)
	if len(es) > maxEmbeds {
		c.add(path, "at most %d embeds, got %d", maxEmbeds, len(es))
	}
	total := 0
	for i, e := range es {
		total += c.embed(e, idx(path, i))
	}
	if total > maxEmbedTotal {
		c.add(path, "the embeds' titles, descriptions, field names and values, footers and author names total %d characters, at most %d", total, maxEmbedTotal)
	}
}

// embed checks one embed and returns the characters it counts towards 6000.
func (c *checker) embed(v any, path string) int {
	e, _ := v.(map[string]any)
	if e == nil {
		return 0
	}
	n := c.maxLen(e, "title", path, maxEmbedTitle) + c.maxLen(e, "description", path, maxEmbedDescription)
	if f, ok := e["footer"].(map[string]any); ok {
		n += c.maxLen(f, "text", join(path, "footer"), maxFooterText)
	}
	if a, ok := e["author"].(map[string]any); ok {
		n += c.maxLen(a, "name", join(path, "author"), maxAuthorName)
	}
	fields, _ := e["fields"].([]any)
	if len(fields) > maxEmbedFields {
		c.add(join(path, "fields"), "at most %d fields, got %d", maxEmbedFields, len(fields))
	}
	for i, fv := range fields {
		f, _ := fv.(map[string]any)
		fp := idx(join(path, "fields"), i)
		c.length(f, "name", fp, 1, maxFieldName)
		c.length(f, "value", fp, 1, maxFieldValue)
		n += utf8.RuneCountInString(str(f["name"])) + utf8.RuneCountInString(str(f["value"]))
	}
	return n
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func (c *checker) components(v any, path string, v2 bool) {
	rows, _ := v.([]any)
	if !v2 && len(rows) > maxActionRows {
		c.add(path, "at most %d action rows, got %d", maxActionRows, len(rows))
	}
	seen := map[string]bool{}
	for i, r := range rows {
		row, _ := r.(map[string]any)
		rp := idx(path, i)
		if number(row["type"]) != 1 {
			if !v2 {
				c.add(join(rp, "type"), "top-level components must be action rows (type 1), got %v", row["type"])
			}
			continue
		}
		c.actionRow(row, rp, seen)
	}
}

func (c *checker) actionRow(row map[string]any, path string, seen map[string]bool) {
	kids, _ := row["components"].([]any)
	if len(kids) == 0 || len(kids) > maxRowButtons {
		c.add(join(path, "components"), "an action row holds 1-%d components, got %d", maxRowButtons, len(kids))
	}
	for i, k := range kids {
		comp, _ := k.(map[string]any)
		cp := idx(join(path, "components"), i)
		switch t := number(comp["type"]); {
		case t == 2:
			c.button(comp, cp)
		case t >= 3 && t <= 8 && t != 4:
			if len(kids) > 1 {
				c.add(cp, "a select menu must be alone in its action row (the row has %d components)", len(kids))
			}
			c.selectMenu(comp, cp, t)
		default:
			c.add(join(cp, "type"), "an action row in a message holds buttons (2) or select menus (3, 5-8), got %d", t)
		}
		if id := str(comp["custom_id"]); id != "" {
			if seen[id] {
				c.add(join(cp, "custom_id"), "custom_id %q is used twice in the message", id)
			}
			seen[id] = true
		}
	}
}

func (c *checker) button(b map[string]any, path string) {
	style := number(b["style"])
	c.maxLen(b, "label", path, maxButtonLabel)
	switch {
	case style < 1 || style > 6:
		c.add(join(path, "style"), "button style must be 1-6, got %d", style)
	case style == 5:
		if str(b["url"]) == "" || b["custom_id"] != nil && str(b["custom_id"]) != "" {
			c.add(path, "a link button (style 5) has a url and no custom_id")
		}
	case style == 6:
		if str(b["sku_id"]) == "" {
			c.add(path, "a premium button (style 6) needs a sku_id")
		}
	default:
		c.length(b, "custom_id", path, 1, maxCustomID)
	}
	if style != 6 && str(b["label"]) == "" && b["emoji"] == nil {
		c.add(path, "a button needs a label or an emoji")
	}
}

func (c *checker) selectMenu(m map[string]any, path string, typ int64) {
	c.length(m, "custom_id", path, 1, maxCustomID)
	c.maxLen(m, "placeholder", path, maxPlaceholder)
	opts, _ := m["options"].([]any)
	if typ == 3 {
		if len(opts) < 1 || len(opts) > maxSelectOptions {
			c.add(join(path, "options"), "a select menu has 1-%d options, got %d", maxSelectOptions, len(opts))
		}
		for i, ov := range opts {
			o, _ := ov.(map[string]any)
			op := idx(join(path, "options"), i)
			c.length(o, "label", op, 1, maxOptionText)
			c.length(o, "value", op, 1, maxOptionText)
			c.maxLen(o, "description", op, maxOptionText)
		}
	}
	c.selectValues(m, path, len(opts), typ == 3)
}

func (c *checker) selectValues(m map[string]any, path string, nOpts int, stringSelect bool) {
	lo, hi := int64(1), int64(1)
	if _, ok := m["min_values"]; ok && m["min_values"] != nil {
		lo = number(m["min_values"])
	}
	if _, ok := m["max_values"]; ok && m["max_values"] != nil {
		hi = number(m["max_values"])
	}
	if lo < 0 || lo > 25 {
		c.add(join(path, "min_values"), "must be 0-25, got %d", lo)
	}
	if hi < 1 || hi > 25 {
		c.add(join(path, "max_values"), "must be 1-25, got %d", hi)
	}
	if lo > hi {
		c.add(path, "min_values %d exceeds max_values %d", lo, hi)
	}
	if stringSelect && hi > int64(nOpts) && nOpts > 0 {
		c.add(join(path, "max_values"), "max_values %d exceeds the %d options", hi, nOpts)
	}
}

func (c *checker) attachments(v any, path string, files []File) {
	if len(files) > maxFiles {
		c.add("files", "at most %d files, got %d", maxFiles, len(files))
	}
	for _, f := range files {
		if f.Size > maxUpload {
			c.add(f.Field, "%s is %d bytes; a bot may upload %d", f.Filename, f.Size, maxUpload)
		}
		if f.Filename == "" {
			c.add(f.Field, "file part without a filename")
		}
	}
	atts, _ := v.([]any)
	for i, av := range atts {
		a, _ := av.(map[string]any)
		c.maxLen(a, "description", idx(path, i), maxDescription)
		if a["id"] == nil {
			c.add(idx(path, i), "an attachment needs an id (n for files[n], or the id of an attachment kept)")
		}
	}
}

func (c *checker) allowedMentions(v any, path string) {
	am, _ := v.(map[string]any)
	if am == nil {
		return
	}
	parse, _ := am["parse"].([]any)
	for i, p := range parse {
		if s := str(p); s != "users" && s != "roles" && s != "everyone" {
			c.add(idx(join(path, "parse"), i), "parse takes users, roles or everyone, got %q", s)
		}
		if str(p) == "users" && am["users"] != nil && len(am["users"].([]any)) > 0 {
			c.add(path, "parse \"users\" and a users list are mutually exclusive")
		}
	}
}

func (c *checker) choices(data map[string]any) {
	cs, _ := data["choices"].([]any)
	if len(cs) > maxChoices {
		c.add("data.choices", "at most %d autocomplete choices, got %d", maxChoices, len(cs))
	}
	for i, cv := range cs {
		ch, _ := cv.(map[string]any)
		p := idx("data.choices", i)
		c.length(ch, "name", p, 1, maxChoiceText)
		if _, ok := ch["value"].(string); ok {
			c.length(ch, "value", p, 1, maxChoiceText)
		}
	}
}

func (c *checker) thread(o map[string]any, withType bool) {
	c.length(o, "name", "", 1, maxThreadName)
	if d, ok := o["auto_archive_duration"]; ok && d != nil {
		switch number(d) {
		case 60, 1440, 4320, 10080:
		default:
			c.add("auto_archive_duration", "must be 60, 1440, 4320 or 10080 minutes, got %v", d)
		}
	}
	if t, ok := o["type"]; withType && ok && t != nil {
		if n := number(t); n < 10 || n > 12 {
			c.add("type", "a thread is of type 10, 11 or 12, got %d", n)
		}
	}
}
