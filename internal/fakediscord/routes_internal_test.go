package fakediscord

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
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
