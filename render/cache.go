package render

import "sync"

// cache keeps what a picture is drawn from, by key, for the life of the
// process; a cache that grows past its bound (a table of many players'
// names measured) starts again empty rather than grow without end.
type cache[K comparable, V any] struct {
	mu    sync.RWMutex
	m     map[K]V
	bound int
}

// get returns the value kept for k, making and keeping it when there is
// none; two callers making one at once keep the first.
func (c *cache[K, V]) get(k K, fresh func() V) V {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = fresh()
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[k]; ok {
		return old
	}
	if c.m == nil || (c.bound > 0 && len(c.m) >= c.bound) {
		c.m = map[K]V{}
	}
	c.m[k] = v
	return v
}

// lookup is the value kept for k, if any.
func (c *cache[K, V]) lookup(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

// put keeps v for k, in place of what was kept.
func (c *cache[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || (c.bound > 0 && len(c.m) >= c.bound) {
		c.m = map[K]V{}
	}
	c.m[k] = v
}

// clear empties the cache.
func (c *cache[K, V]) clear() {
	c.mu.Lock()
	c.m = nil
	c.mu.Unlock()
}
