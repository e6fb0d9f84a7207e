package lru

import (
	"fmt"
	"testing"
	"time"
)

// A cache keeps at most its bound, forgetting the least recently used; a
// value read is used; one older than the time to live is gone; Swap says
// what it replaced.
func TestCache(t *testing.T) {
	t.Parallel()
	c := New[int](3, time.Minute)
	clock := time.Now()
	c.now = func() time.Time { return clock }
	for i := range 3 {
		c.Put(fmt.Sprint(i), i)
	}
	c.Get("0") // 0 is used: 1 is now the least recent
	c.Put("3", 3)
	if _, ok := c.Get("1"); ok || c.Len() != 3 {
		t.Errorf("the least recently used was kept: %d entries", c.Len())
	}
	if v, ok := c.Get("0"); !ok || v != 0 {
		t.Errorf("a value read lately was forgotten")
	}
	if old, loaded := c.Swap("0", 10); !loaded || old != 0 {
		t.Errorf("Swap replaced %d, %v", old, loaded)
	}
	if _, loaded := c.Swap("new", 1); loaded {
		t.Error("Swap of a new key said it replaced one")
	}
	clock = clock.Add(2 * time.Minute)
	if _, ok := c.Get("0"); ok {
		t.Error("a value older than the time to live was kept")
	}
	if _, loaded := c.Swap("3", 4); loaded {
		t.Error("Swap replaced a value older than the time to live")
	}
	n := New[string](2, 0)
	for i := range 1000 {
		n.Put(fmt.Sprint(i), "x")
	}
	if n.Len() != 2 {
		t.Errorf("%d entries kept of a bound of 2", n.Len())
	}
}
