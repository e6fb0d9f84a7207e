package fakediscord

import (
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
		t.Skipf("no OpenAPI description at %s", SpecPath())
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
