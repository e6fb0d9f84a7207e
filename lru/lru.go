package lru

import (
	"container/list"
	"sync"
	"time"
)

// Cache keeps up to max values by key, each for ttl at most (0: no limit),
// forgetting the least recently used beyond max.
type Cache[V any] struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	order *list.List // of *entry[V], most recent first
	byKey map[string]*list.Element
}

type entry[V any] struct {
	key string
	v   V
	at  time.Time
}

// New is a Cache of at most max entries, each kept for ttl at most (0: as
// long as there is room).
func New[V any](max int, ttl time.Duration) *Cache[V] {
	return &Cache[V]{max: max, ttl: ttl, now: time.Now, order: list.New(), byKey: map[string]*list.Element{}}
}

// Get is key's value, if kept and not too old.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var zero V
	e, ok := c.byKey[key]
	if !ok {
		return zero, false
	}
	if c.stale(e) {
		c.remove(e)
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry[V]).v, true
}

// Put keeps v for key.
func (c *Cache[V]) Put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.put(key, v)
}

// Swap keeps v for key and returns the value it replaces, if one was kept.
func (c *Cache[V]) Swap(key string, v V) (old V, loaded bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok && !c.stale(e) {
		old, loaded = e.Value.(*entry[V]).v, true
	}
	c.put(key, v)
	return old, loaded
}

// Len is how many entries are kept.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

func (c *Cache[V]) put(key string, v V) {
	if e, ok := c.byKey[key]; ok {
		c.remove(e)
	}
	c.byKey[key] = c.order.PushFront(&entry[V]{key: key, v: v, at: c.now()})
	for c.order.Len() > c.max {
		c.remove(c.order.Back())
	}
}

func (c *Cache[V]) stale(e *list.Element) bool {
	return c.ttl > 0 && c.now().Sub(e.Value.(*entry[V]).at) > c.ttl
}

func (c *Cache[V]) remove(e *list.Element) {
	delete(c.byKey, e.Value.(*entry[V]).key)
	c.order.Remove(e)
}
