package fakediscord

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Limits of application command registration.
const (
	maxChatCommands    = 100
	maxContextCommands = 5
	maxCommandName     = 32
	maxCommandDesc     = 100
	maxCommandOptions  = 25
	maxCommandChars    = 4000
	maxOptionLength    = 6000
)

// commandName is Discord's pattern for command and option names.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func (c *checker) commands(v any) {
	cmds, ok := v.([]any)
	if !ok {
		c.add("", "a bulk overwrite takes an array of commands")
		return
	}
	count := map[int64]int{}
	names := map[string]bool{}
	for i, cv := range cmds {
		cmd, _ := cv.(map[string]any)
		p := idx("", i)
		typ := number(cmd["type"])
		if typ == 0 {
			typ = 1
		}
		count[typ]++
		key := strings.ToLower(str(cmd["name"])) + "/" + string(rune('0'+typ))
		if names[key] {
			c.add(join(p, "name"), "two commands of the same type are named %q", cmd["name"])
		}
		names[key] = true
		c.command(cmd, p, typ)
	}
	if count[1] > maxChatCommands {
		c.add("", "at most %d slash commands, got %d", maxChatCommands, count[1])
	}
	if count[2] > maxContextCommands || count[3] > maxContextCommands {
		c.add("", "at most %d user and %d message commands", maxContextCommands, maxContextCommands)
	}
}

func (c *checker) command(cmd map[string]any, path string, typ int64) {
	if typ == 1 {
		c.optionName(cmd, path)
		c.length(cmd, "description", path, 1, maxCommandDesc)
	} else {
		c.length(cmd, "name", path, 1, maxCommandName)
		if str(cmd["description"]) != "" {
			c.add(join(path, "description"), "user and message commands have no description")
		}
	}
	opts, _ := cmd["options"].([]any)
	if typ != 1 && len(opts) > 0 {
		c.add(join(path, "options"), "only slash commands take options")
	}
	c.options(opts, join(path, "options"), 0)
	if n := commandChars(cmd); n > maxCommandChars {
		c.add(path, "the command's names, descriptions and choices total %d characters, at most %d", n, maxCommandChars)
	}
}

// optionName checks a command or option name: Discord's pattern, and lower
// case wherever a letter has a lower case.
func (c *checker) optionName(o map[string]any, path string) {
	name := str(o["name"])
	if !commandName.MatchString(name) {
		c.add(join(path, "name"), "%q must be 1-%d letters, digits, - _ or '", name, maxCommandName)
	} else if strings.ToLower(name) != name {
		c.add(join(path, "name"), "%q must be lower case", name)
	}
}

// options checks one level of options; depth 0 is the command's own.
func (c *checker) options(opts []any, path string, depth int) {
	if len(opts) > maxCommandOptions {
		c.add(path, "at most %d options, got %d", maxCommandOptions, len(opts))
	}
	seen := map[string]bool{}
	var subs, values, optional bool
	for i, ov := range opts {
		o, _ := ov.(map[string]any)
		p := idx(path, i)
		c.optionName(o, p)
		c.length(o, "description", p, 1, maxCommandDesc)
		if seen[str(o["name"])] {
			c.add(join(p, "name"), "option name %q used twice", o["name"])
		}
		seen[str(o["name"])] = true
		switch t := number(o["type"]); t {
		case 1, 2:
			subs = true
			c.subcommand(o, p, t, depth)
		default:
			values = true
			required, _ := o["required"].(bool)
			if required && optional {
				c.add(p, "required options must come before optional ones")
			}
			optional = optional || !required
			c.valueOption(o, p, t)
		}
	}
	if subs && values {
		c.add(path, "subcommands and value options cannot be mixed at one level")
	}
}

func (c *checker) subcommand(o map[string]any, path string, t int64, depth int) {
	kids, _ := o["options"].([]any)
	switch {
	case t == 2 && depth > 0:
		c.add(path, "a subcommand group can only be at the top level")
	case t == 1 && depth > 1:
		c.add(path, "subcommands nest at most inside one group")
	}
	if t == 2 {
		for i, kv := range kids {
			if k, _ := kv.(map[string]any); number(k["type"]) != 1 {
				c.add(idx(join(path, "options"), i), "a subcommand group holds only subcommands")
			}
		}
	}
	if t == 1 {
		for i, kv := range kids {
			if k, _ := kv.(map[string]any); number(k["type"]) <= 2 {
				c.add(idx(join(path, "options"), i), "a subcommand cannot hold subcommands")
			}
		}
	}
	c.options(kids, join(path, "options"), depth+1)
}

func (c *checker) valueOption(o map[string]any, path string, t int64) {
	if t < 3 || t > 11 {
		c.add(join(path, "type"), "option type must be 1-11, got %d", t)
	}
	choices, _ := o["choices"].([]any)
	if len(choices) > maxChoices {
		c.add(join(path, "choices"), "at most %d choices, got %d", maxChoices, len(choices))
	}
	if auto, _ := o["autocomplete"].(bool); auto && len(choices) > 0 {
		c.add(path, "autocomplete cannot be combined with choices")
	}
	for i, cv := range choices {
		ch, _ := cv.(map[string]any)
		cp := idx(join(path, "choices"), i)
		c.length(ch, "name", cp, 1, maxChoiceText)
		if _, ok := ch["value"].(string); ok {
			c.length(ch, "value", cp, 1, maxChoiceText)
		}
	}
	if v, ok := o["min_length"]; ok && v != nil && (number(v) < 0 || number(v) > maxOptionLength) {
		c.add(join(path, "min_length"), "must be 0-%d", maxOptionLength)
	}
	if v, ok := o["max_length"]; ok && v != nil && number(v) != 0 && (number(v) < 1 || number(v) > maxOptionLength) {
		c.add(join(path, "max_length"), "must be 1-%d", maxOptionLength)
	}
}

// commandChars counts what Discord's 4000-character limit per command
// counts: names, descriptions and choice names and values, all levels.
func commandChars(o map[string]any) int {
	n := utf8.RuneCountInString(str(o["name"])) + utf8.RuneCountInString(str(o["description"]))
	cs, _ := o["choices"].([]any)
	for _, cv := range cs {
		ch, _ := cv.(map[string]any)
		n += utf8.RuneCountInString(str(ch["name"]))
		switch v := ch["value"].(type) {
		case string:
			n += utf8.RuneCountInString(v)
		case json.Number:
			n += len(v.String())
		}
	}
	opts, _ := o["options"].([]any)
	for _, ov := range opts {
		oo, _ := ov.(map[string]any)
		n += commandChars(oo)
	}
	return n
}
