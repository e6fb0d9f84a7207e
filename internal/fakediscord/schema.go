package fakediscord

import (
	"bytes"
	"crypto/sha256"
	_ "embed" // Discord's OpenAPI description travels with the fake
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SpecEnv names the environment variable that points the fake at another
// copy of Discord's OpenAPI description than the one in testdata/discord.
const SpecEnv = "KILAB_DISCORD_OPENAPI"

// Spec is Discord's OpenAPI 3.1 description, ready to check request bodies
// against the schema of their operation. It is safe for concurrent use.
type Spec struct {
	Path string
	// LoadTime is how long reading and parsing the file took.
	LoadTime time.Duration

	doc      map[string]any
	mu       sync.Mutex // guards compiler, compiled and checked
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema // by operation; nil: no JSON body schema
	// checked remembers the verdict on bodies already checked, by the hash
	// of route and body: a bot sends many bodies alike (its commands at
	// every start, the same answers in every test), and the schema's
	// validation was a tenth of the bot's test time.
	checked map[[sha256.Size]byte][]Violation
}

// maxChecked bounds checked; past it, it starts again.
const maxChecked = 8192

const specURL = "file:///discord/openapi.json"

// LoadSpec reads and parses an OpenAPI description. Schemas are compiled
// on first use, per operation.
func LoadSpec(path string) (*Spec, error) {
	start := time.Now()
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseSpec(path, f, start)
}

// embeddedSpec is the copy in testdata/discord, built into every program
// that holds the fake, so that kilab try checks requests as the tests do
// wherever it runs.
//
//go:embed testdata/discord/openapi.json
var embeddedSpec []byte

// embeddedPath is the name SharedSpec knows the built-in copy by.
const embeddedPath = "(built in)"

// parseSpec reads an OpenAPI description from r, named path in errors.
func parseSpec(path string, r io.Reader, start time.Time) (*Spec, error) {
	doc, err := jsonschema.UnmarshalJSON(r)
	if err != nil {
		return nil, fmt.Errorf("fakediscord: parsing %s: %w", path, err)
	}
	m, ok := doc.(map[string]any)
	if !ok || m["paths"] == nil {
		return nil, fmt.Errorf("fakediscord: %s is not an OpenAPI description", path)
	}
	c := jsonschema.NewCompiler()
	// OpenAPI 3.1 schemas are JSON Schema 2020-12.
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("fakediscord: %s: %w", path, err)
	}
	return &Spec{
		Path: path, LoadTime: time.Since(start), doc: m,
		compiler: c, compiled: map[string]*jsonschema.Schema{},
		checked: map[[sha256.Size]byte][]Violation{},
	}, nil
}

// Check validates body against the JSON request body schema of route
// ("POST /channels/{channel_id}/messages"); for multipart requests pass the
// payload_json part. Routes the spec does not describe pass.
func (sp *Spec) Check(route string, body json.RawMessage) []Violation {
	key := sha256.Sum256(append([]byte(route+"\x00"), body...))
	sp.mu.Lock()
	vs, ok := sp.checked[key]
	sp.mu.Unlock()
	if ok {
		return slices.Clone(vs)
	}
	vs = sp.check(route, body)
	sp.mu.Lock()
	if len(sp.checked) >= maxChecked {
		clear(sp.checked)
	}
	sp.checked[key] = vs
	sp.mu.Unlock()
	return slices.Clone(vs)
}

// check is Check without the memory of bodies seen.
func (sp *Spec) check(route string, body json.RawMessage) []Violation {
	sch, err := sp.schema(route)
	if err != nil {
		return []Violation{{Rule: err.Error(), Source: "openapi"}}
	}
	if sch == nil || len(body) == 0 {
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(body)))
	if err != nil {
		return []Violation{{Rule: "body is not valid JSON: " + err.Error(), Source: "openapi"}}
	}
	err = sch.Validate(v)
	ve, ok := err.(*jsonschema.ValidationError)
	if err != nil && !ok {
		return []Violation{{Rule: err.Error(), Source: "openapi"}}
	}
	if ve == nil {
		return nil
	}
	return explain(ve)
}

// Describes reports whether the spec has a JSON request body schema for route.
func (sp *Spec) Describes(route string) bool {
	sch, err := sp.schema(route)
	return err == nil && sch != nil
}

func (sp *Spec) schema(route string) (*jsonschema.Schema, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sch, ok := sp.compiled[route]; ok {
		return sch, nil
	}
	ptr := sp.bodyPointer(route)
	var sch *jsonschema.Schema
	if ptr != "" {
		var err error
		sch, err = sp.compiler.Compile(specURL + "#" + ptr)
		if err != nil {
			return nil, fmt.Errorf("compiling the spec's schema for %s: %v", route, err)
		}
	}
	sp.compiled[route] = sch
	return sch, nil
}

// bodyPointer is the JSON pointer to the application/json request body
// schema of route, or "" when the spec has none. Path templates are matched
// segment by segment, so parameter names need not agree.
func (sp *Spec) bodyPointer(route string) string {
	method, path, _ := strings.Cut(route, " ")
	paths, _ := sp.doc["paths"].(map[string]any)
	for p, item := range paths {
		if !sameTemplate(p, path) {
			continue
		}
		op, _ := item.(map[string]any)[strings.ToLower(method)].(map[string]any)
		rb, _ := op["requestBody"].(map[string]any)
		content, _ := rb["content"].(map[string]any)
		if content["application/json"] == nil {
			return ""
		}
		return "/paths/" + escapePointer(p) + "/" + strings.ToLower(method) +
			"/requestBody/content/application~1json/schema"
	}
	return ""
}

func sameTemplate(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		pa, pb := strings.HasPrefix(as[i], "{"), strings.HasPrefix(bs[i], "{")
		if pa != pb || (!pa && as[i] != bs[i]) {
			return false
		}
	}
	return true
}

// escapePointer escapes a JSON pointer token and makes it safe in a URL
// fragment (path templates carry braces).
func escapePointer(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	return url.PathEscape(s)
}

var printer = message.NewPrinter(language.English)

// explain turns a validation error tree into the few leaves that say what is
// wrong. In a oneOf/anyOf the branches whose "type" discriminator does not
// match are dropped: a bad button should be reported as a bad button, not
// also as a bad select, text input and container.
func explain(ve *jsonschema.ValidationError) []Violation {
	var out []Violation
	seen := map[string]bool{}
	for _, leaf := range leaves(ve) {
		v := Violation{
			Path:   strings.Join(leaf.InstanceLocation, "."),
			Rule:   leaf.ErrorKind.LocalizedString(printer),
			Source: "openapi",
		}
		if k := v.String(); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	causes := e.Causes
	switch e.ErrorKind.(type) {
	case *kind.OneOf, *kind.AnyOf:
		if kept := matchingBranches(e); len(kept) > 0 {
			causes = kept
		}
	}
	var out []*jsonschema.ValidationError
	for _, c := range causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func matchingBranches(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	var kept []*jsonschema.ValidationError
	for _, branch := range e.Causes {
		if !discriminatorMismatch(branch, e.InstanceLocation) {
			kept = append(kept, branch)
		}
	}
	return kept
}

// discriminatorMismatch reports whether a branch failed on the "type" member
// of the object being matched (or on being of the wrong JSON type).
func discriminatorMismatch(e *jsonschema.ValidationError, at []string) bool {
	if sameLoc(e.InstanceLocation, at) {
		if _, ok := e.ErrorKind.(*kind.Type); ok {
			return true
		}
	}
	if len(e.InstanceLocation) == len(at)+1 && sameLoc(e.InstanceLocation[:len(at)], at) &&
		e.InstanceLocation[len(at)] == "type" {
		switch e.ErrorKind.(type) {
		case *kind.Const, *kind.Enum:
			return true
		}
	}
	if !sameLoc(e.InstanceLocation, at) {
		return false
	}
	for _, c := range e.Causes {
		if discriminatorMismatch(c, at) {
			return true
		}
	}
	return false
}

func sameLoc(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// specs caches loaded specs per path for the whole test binary: the file is
// 1.2 MB and every test starts a fake.
var (
	specsMu sync.Mutex
	specs   = map[string]*specEntry{}
)

type specEntry struct {
	once sync.Once
	spec *Spec
	err  error
}

// SharedSpec loads the spec at path once per test binary.
func SharedSpec(path string) (*Spec, error) {
	specsMu.Lock()
	e := specs[path]
	if e == nil {
		e = &specEntry{}
		specs[path] = e
	}
	specsMu.Unlock()
	e.once.Do(func() {
		if path == embeddedPath {
			e.spec, e.err = parseSpec(path, bytes.NewReader(embeddedSpec), time.Now())
			return
		}
		e.spec, e.err = LoadSpec(path)
	})
	return e.spec, e.err
}

// SpecPath is where the fake finds Discord's OpenAPI description:
// $KILAB_DISCORD_OPENAPI, else the copy kept with this package in
// testdata/discord (MIT, with its licence), so the schema checks run in every
// checkout.
func SpecPath() string {
	if p := os.Getenv(SpecEnv); p != "" {
		return p
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return filepath.Join(filepath.Dir(file), "testdata", "discord", "openapi.json")
}

// loadSpecFor finds the spec for a new server, saying clearly (once per
// test binary) when there is none to check against.
func loadSpecFor(t Reporter, cfg config) *Spec {
	if cfg.noSpec {
		return nil
	}
	path := cfg.specPath
	if path == "" {
		path = SpecPath()
		if _, err := os.Stat(path); err != nil && os.Getenv(SpecEnv) == "" {
			path = embeddedPath // a program built elsewhere: its own copy
		}
	}
	if _, err := os.Stat(path); err != nil && path != embeddedPath {
		// A missing spec must not switch the schema checks off unnoticed.
		t.Fatalf("fakediscord: Discord's OpenAPI description is missing (%v): it is kept in internal/fakediscord/testdata/discord, or set %s", err, SpecEnv)
	}
	sp, err := SharedSpec(path)
	if err != nil {
		t.Fatalf("fakediscord: %v", err)
	}
	return sp
}
