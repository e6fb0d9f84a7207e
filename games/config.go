package games

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"kilab/lang"
)

// Normalize checks cfg against g and returns it complete: the default variant when
// none is named, every option of the variant present (defaults filled in), keys
// and values in lower case. An unknown variant, an unknown option, an option that
// belongs to another variant, or a value the option does not take is an error
// wrapping ErrBadConfig that says which.
func Normalize(g Game, cfg Config) (Config, error) {
	v, err := findVariant(g, cfg.Variant)
	if err != nil {
		return Config{}, err
	}
	out := Config{Variant: v.Key, Options: make(map[string]string, len(v.Options))}
	for key, val := range cfg.Options {
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.ToLower(strings.TrimSpace(val))
		if _, twice := out.Options[key]; twice {
			return Config{}, fmt.Errorf("%s: %w", g.Name(), lang.Wrap(ErrBadConfig, "games.config.twice", "Option", key))
		}
		opt, ok := findOption(v, key)
		if !ok {
			return Config{}, wrongOption(g, v, key)
		}
		if !slices.Contains(opt.Values, val) {
			return Config{}, fmt.Errorf("%s: %w", g.Name(), lang.Wrap(ErrBadConfig, "games.config.value",
				"Option", key, "Values", strings.Join(opt.Values, ", "), "Value", strconv.Quote(val)))
		}
		out.Options[key] = val
	}
	for _, opt := range v.Options {
		if _, set := out.Options[opt.Key]; !set {
			out.Options[opt.Key] = opt.Values[0]
		}
	}
	return out, nil
}

func findVariant(g Game, key string) (Variant, error) {
	vs := g.Variants()
	key = strings.ToLower(strings.TrimSpace(key))
	if key == "" {
		return vs[0], nil
	}
	keys := make([]string, len(vs))
	for i, v := range vs {
		if v.Key == key {
			return v, nil
		}
		keys[i] = v.Key
	}
	return Variant{}, lang.Wrap(ErrBadConfig, "games.config.no_variant",
		"Game", g.Name(), "Variant", strconv.Quote(key), "Variants", strings.Join(keys, ", "))
}

func findOption(v Variant, key string) (Option, bool) {
	for _, o := range v.Options {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

// wrongOption says whether key is an option of another variant or of none.
func wrongOption(g Game, v Variant, key string) error {
	for _, other := range g.Variants() {
		if _, ok := findOption(other, key); ok {
			o, _ := findOption(other, key)
			return fmt.Errorf("%s: %w", g.Name(), lang.Wrap(ErrBadConfig, "games.config.other_variant",
				"Option", nameOr(o.Name, key), "Other", nameOr(other.Name, other.Key), "Variant", nameOr(v.Name, v.Key)))
		}
	}
	return fmt.Errorf("%s: %w", g.Name(), lang.Wrap(ErrBadConfig, "games.config.no_option",
		"Variant", nameOr(v.Name, v.Key), "Option", strconv.Quote(key)))
}

// nameOr is name, said in the reader's language, or key where there is no
// name: a variant or an option as /challenge shows it.
func nameOr(name lang.Text, key string) any {
	if name.ID == "" {
		return key
	}
	return name
}

// String gives the configuration as "variant key=value ...", options sorted.
func (c Config) String() string {
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(c.Variant)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%s", k, c.Options[k])
	}
	return b.String()
}

// Flags gives the configuration as the CLI takes it (kilab moves, kilab
// replay): " --variant standard --opt pieces=7"; "" for no variant.
func (c Config) Flags() string {
	f := strings.Fields(c.String())
	if len(f) == 0 {
		return ""
	}
	out := " --variant " + f[0]
	for _, kv := range f[1:] {
		out += " --opt " + kv
	}
	return out
}

// ParseOption reads a "key=value" pair, as the CLI's --opt takes it.
func ParseOption(s string) (key, value string, err error) {
	key, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(key) == "" || strings.TrimSpace(value) == "" {
		return "", "", lang.Wrap(ErrBadConfig, "games.config.not_key_value", "Option", Quote(s))
	}
	return strings.TrimSpace(key), strings.TrimSpace(value), nil
}
