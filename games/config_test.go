package games

import (
	"errors"
	"maps"
	"reflect"
	"strings"
	"testing"
)

func TestNormalizeFillsDefaults(t *testing.T) {
	tests := []struct {
		in   Config
		want Config
	}{
		{Config{}, Config{"classic", map[string]string{"size": "5", "fast": "no"}}},
		{Config{Variant: "  "}, Config{"classic", map[string]string{"size": "5", "fast": "no"}}},
		{Config{Options: map[string]string{"size": "7"}}, Config{"classic", map[string]string{"size": "7", "fast": "no"}}},
		{Config{Variant: "modern"}, Config{"modern", map[string]string{"width": "11"}}},
		{Config{Variant: "bare"}, Config{"bare", map[string]string{}}},
	}
	for _, tt := range tests {
		got, err := Normalize(race{}, tt.in)
		if err != nil {
			t.Errorf("Normalize(%+v): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Normalize(%+v) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestNormalizeCaseInsensitive(t *testing.T) {
	in := Config{Variant: " Modern ", Options: map[string]string{" WIDTH ": "13 "}}
	before := maps.Clone(in.Options)
	got, err := Normalize(race{}, in)
	if err != nil {
		t.Fatal(err)
	}
	want := Config{"modern", map[string]string{"width": "13"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Normalize = %+v, want %+v", got, want)
	}
	if !maps.Equal(in.Options, before) {
		t.Errorf("Normalize changed its argument's options to %v", in.Options)
	}
	got, err = Normalize(race{}, Config{Variant: "CLASSIC", Options: map[string]string{"Fast": "YES"}})
	if err != nil || got.Options["fast"] != "yes" {
		t.Errorf("Normalize(CLASSIC fast=YES) = %+v, %v; want fast=yes", got, err)
	}
}

// Normalizing a normalized configuration changes nothing.
func TestNormalizeIdempotent(t *testing.T) {
	for _, v := range (race{}).Variants() {
		once, err := Normalize(race{}, Config{Variant: v.Key})
		if err != nil {
			t.Fatal(err)
		}
		twice, err := Normalize(race{}, once)
		if err != nil || !reflect.DeepEqual(once, twice) {
			t.Errorf("%s: Normalize(%+v) = %+v, %v", v.Key, once, twice, err)
		}
	}
}

func TestNormalizeErrors(t *testing.T) {
	tests := []struct {
		name string
		in   Config
		want []string // each must appear in the message
	}{
		{"unknown variant", Config{Variant: "nope"},
			[]string{`"nope"`, "classic, modern, bare"}},
		{"unknown option", Config{Options: map[string]string{"colour": "red"}},
			[]string{"classic", `"colour"`}},
		{"option of another variant", Config{Variant: "classic", Options: map[string]string{"width": "13"}},
			[]string{"width", "belongs to variant modern", "not classic"}},
		{"option on a variant without options", Config{Variant: "bare", Options: map[string]string{"Size": "7"}},
			[]string{"size", "belongs to variant classic", "not bare"}},
		{"bad value", Config{Options: map[string]string{"size": "6"}},
			[]string{"size", "5, 7", `"6"`}},
		{"empty value", Config{Options: map[string]string{"fast": ""}},
			[]string{"fast", "no, yes"}},
		{"one option twice in two cases", Config{Options: map[string]string{"Size": "7", "size": "5"}},
			[]string{"size", "twice"}},
	}
	for _, tt := range tests {
		got, err := Normalize(race{}, tt.in)
		if !errors.Is(err, ErrBadConfig) {
			t.Errorf("%s: Normalize(%+v) = %+v, %v; want ErrBadConfig", tt.name, tt.in, got, err)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not say %q", tt.name, err, w)
			}
		}
	}
}

func TestConfigString(t *testing.T) {
	tests := []struct {
		c    Config
		want string
	}{
		{Config{"classic", map[string]string{"size": "7", "fast": "no"}}, "classic fast=no size=7"},
		{Config{"bare", nil}, "bare"},
		{Config{"modern", map[string]string{"width": "13"}}, "modern width=13"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestParseOption(t *testing.T) {
	good := []struct{ in, key, val string }{
		{"pieces=7", "pieces", "7"},
		{" pieces = 7 ", "pieces", "7"},
		{"house4=true", "house4", "true"},
		{"a=b=c", "a", "b=c"},
	}
	for _, tt := range good {
		k, v, err := ParseOption(tt.in)
		if err != nil || k != tt.key || v != tt.val {
			t.Errorf("ParseOption(%q) = %q, %q, %v; want %q, %q", tt.in, k, v, err, tt.key, tt.val)
		}
	}
	for _, in := range []string{"", "pieces", "pieces=", "=7", " = ", "pieces= "} {
		k, v, err := ParseOption(in)
		if !errors.Is(err, ErrBadConfig) {
			t.Errorf("ParseOption(%q) = %q, %q, %v; want ErrBadConfig", in, k, v, err)
		} else if !strings.Contains(err.Error(), "key=value") {
			t.Errorf("ParseOption(%q): error %q does not say key=value", in, err)
		}
	}
}
