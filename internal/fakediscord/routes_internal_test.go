package fakediscord

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Every request body route the fake serves must map onto an operation of
// the spec with a JSON body schema that compiles, or the schema check would
// silently pass it.
func TestBodyRoutesHaveSpecSchemas(t *testing.T) {
	t.Parallel()
	srv := New(t)
	if srv.Spec() == nil {
		t.Fatalf("no OpenAPI description at %s", SpecPath())
	}
	for _, rt := range srv.routes() {
		method, _, _ := strings.Cut(rt.pattern, " ")
		hasBody := method == "POST" || method == "PUT" || method == "PATCH"
		if !hasBody {
			continue
		}
		if _, err := srv.Spec().schema(rt.pattern); err != nil {
			t.Errorf("%s: %v", rt.pattern, err)
		} else if !srv.Spec().Describes(rt.pattern) {
			t.Errorf("%s: the spec has no JSON request body for it", rt.pattern)
		}
	}
}

func TestSnowflakesIncrease(t *testing.T) {
	t.Parallel()
	var g snowflakes
	prev := g.next()
	for i := 0; i < 10000; i++ {
		id := g.next()
		if !idLess(prev, id) {
			t.Fatalf("%s after %s", id, prev)
		}
		prev = id
	}
	if age := snowflakeTime(prev); age.IsZero() || age.Year() < 2025 {
		t.Errorf("snowflake time %v", age)
	}
}

// fatalRecorder stands for a test, keeping what it was failed with.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// The schema checks never switch off silently: the spec ships in testdata,
// and a missing one fails the test that starts the fake.
func TestMissingSpecFails(t *testing.T) {
	if _, err := os.Stat(SpecPath()); err != nil {
		t.Fatalf("the OpenAPI copy is not in testdata: %v", err)
	}
	rec := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		loadSpecFor(rec, config{specPath: filepath.Join(t.TempDir(), "openapi.json")})
	}()
	<-done
	if !strings.Contains(rec.msg, "missing") {
		t.Fatalf("a missing spec gave %q, want a failure", rec.msg)
	}
}

// The 429s the fake answers, earned and injected, must match the spec's
// RatelimitedResponse.
func TestRateLimitBodiesMatchTheSpec(t *testing.T) {
	t.Parallel()
	l := DiscordLimits()
	l.Global = 1
	srv := New(t, WithLimits(l))
	if srv.Spec() == nil {
		t.Fatalf("no OpenAPI description at %s", SpecPath())
	}
	sch, err := srv.Spec().compiler.Compile(specURL + "#/components/schemas/RatelimitedResponse")
	if err != nil {
		t.Fatal(err)
	}
	srv.RateLimit("", time.Millisecond)
	var bodies [][]byte
	for range 3 { // injected, let through, earned (global)
		req := httptest.NewRequest("GET", "/api/v10/users/@me", nil)
		req.Header.Set("Authorization", srv.Token())
		w := httptest.NewRecorder()
		srv.hs.Config.Handler.ServeHTTP(w, req)
		if w.Code == http.StatusTooManyRequests {
			bodies = append(bodies, w.Body.Bytes())
		}
	}
	if len(bodies) != 2 {
		t.Fatalf("%d 429s, want one injected and one earned", len(bodies))
	}
	for _, b := range bodies {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err == nil {
			err = sch.Validate(v)
		}
		if err != nil {
			t.Errorf("429 body %s: %v", b, err)
		}
	}
}

// A body checked again gets the same verdict as the first time, from
// memory: a bad one is refused every time, and the violations handed out
// are the caller's own to change.
func TestCheckRemembersVerdicts(t *testing.T) {
	t.Parallel()
	sp, err := SharedSpec(SpecPath())
	if err != nil {
		t.Fatal(err)
	}
	const route = "POST /channels/{channel_id}/messages"
	bad := []byte(`{"content": 7, "nonce": "check-remembers"}`)
	good := []byte(`{"content": "check remembers"}`)
	first := sp.Check(route, bad)
	if len(first) == 0 {
		t.Fatal("a number for content passed the schema")
	}
	first[0].Rule = "changed by the caller"
	if again := sp.Check(route, bad); len(again) != len(first) || again[0].Rule == "changed by the caller" {
		t.Errorf("checked again: %v", again)
	}
	for range 2 {
		if vs := sp.Check(route, good); len(vs) != 0 {
			t.Errorf("a good body: %v", vs)
		}
	}
	sp.mu.Lock()
	_, kept := sp.checked[sha256.Sum256(append([]byte(route+"\x00"), good...))]
	sp.mu.Unlock()
	if !kept {
		t.Error("the verdict on a body checked is not remembered")
	}
	for i := range maxChecked + 1 {
		sp.Check(route, fmt.Appendf(nil, `{"content": "body %d"}`, i))
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if len(sp.checked) > maxChecked {
		t.Errorf("%d verdicts remembered, more than %d", len(sp.checked), maxChecked)
	}
}
