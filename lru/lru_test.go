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
	c.Put("u", 1)
	clock = clock.Add(2 * time.Minute)
	add := func(old int, loaded bool) int { return old + 5 }
	if old, loaded := c.Update("u", add); loaded || old != 0 {
		t.Errorf("Update of a stale key: %d, %v", old, loaded)
	}
	if old, loaded := c.Update("u", add); !loaded || old != 5 {
		t.Errorf("Update of a kept key: %d, %v", old, loaded)
	}
	if v, _ := c.Get("u"); v != 10 {
		t.Errorf("after two updates: %d, want 10", v)
	}
	n := New[string](2, 0)
	for i := range 1000 {
		n.Put(fmt.Sprint(i), "x")
	}
	if n.Len() != 2 {
		t.Errorf("%d entries kept of a bound of 2", n.Len())
	}
}

// Random puts, swaps and gets leave the cache holding what a plain list
// kept in order of use would: the same keys, values and order of eviction.
func TestCacheFollowsAModel(t *testing.T) {
	t.Parallel()
	const max = 5
	c := New[int](max, 0)
	var model []string // most recent first
	vals := map[string]int{}
	use := func(k string) {
		for i, m := range model {
			if m == k {
				model = append(model[:i], model[i+1:]...)
				break
			}
		}
		model = append([]string{k}, model...)
		if len(model) > max {
			delete(vals, model[max])
			model = model[:max]
		}
	}
	rng := uint64(7)
	for step := range 5000 {
		rng = rng*6364136223846793005 + 1442695040888963407
		k := fmt.Sprint(rng >> 60 % 9)
		switch rng >> 40 % 3 {
		case 0:
			c.Put(k, step)
			vals[k] = step
			use(k)
		case 1:
			old, loaded := c.Swap(k, step)
			if want, ok := vals[k]; loaded != ok || (ok && old != want) {
				t.Fatalf("step %d: Swap(%s) = %d, %v; want %d, %v", step, k, old, loaded, want, ok)
			}
			vals[k] = step
			use(k)
		case 2:
			v, ok := c.Get(k)
			if want, kept := vals[k]; ok != kept || (ok && v != want) {
				t.Fatalf("step %d: Get(%s) = %d, %v; want %d, %v", step, k, v, ok, want, kept)
			}
			if ok {
				use(k)
			}
		}
		if c.Len() != len(model) {
			t.Fatalf("step %d: %d entries, want %d", step, c.Len(), len(model))
		}
	}
}

// A new key costs one allocation besides the map's own growth, and a key
// put again none: what each player met adds to a copy's memory.
func TestCacheAllocations(t *testing.T) {
	c := New[string](1<<20, 0)
	keys := make([]string, 20000)
	for i := range keys {
		keys[i] = fmt.Sprint(i)
	}
	i := 0
	if n := testing.AllocsPerRun(len(keys)-1, func() { c.Put(keys[i], "x"); i++ }); n > 1.2 {
		t.Errorf("%.2f allocations a new key, want 1 (and the map's growth)", n)
	}
	if n := testing.AllocsPerRun(1000, func() { c.Put(keys[7], "y") }); n != 0 {
		t.Errorf("%.2f allocations a key put again, want 0", n)
	}
}
