package lru

import (
	"sync"
	"time"
)

// Cache keeps up to max values by key, each for ttl at most (0: no limit),
// forgetting the least recently used beyond max.
//
// The entries are linked into the recency list themselves, with no
// container/list element and no interface around each: the caches of users
// hold one entry per player met, and what an entry costs beyond its key and
// value is what a copy's memory grows by as it meets them.
type Cache[V any] struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	head  entry[V] // sentinel: head.next is the most recent, head.prev the least
	n     int
	byKey map[string]*entry[V]
}

type entry[V any] struct {
	key        string
	v          V
	at         int64 // when put, in Unix nanoseconds of the wall clock (a step of the clock lengthens or shortens a ttl once): 8 bytes, not a time.Time's 24
	prev, next *entry[V]
}

// New is a Cache of at most max entries, each kept for ttl at most (0: as
// long as there is room).
func New[V any](max int, ttl time.Duration) *Cache[V] {
	c := &Cache[V]{max: max, ttl: ttl, now: time.Now, byKey: map[string]*entry[V]{}}
	c.head.prev, c.head.next = &c.head, &c.head
	return c
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
	c.unlink(e)
	c.pushFront(e)
	return e.v, true
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
		old, loaded = e.v, true
	}
	c.put(key, v)
	return old, loaded
}

// Update keeps f's value for key, given the value kept (the zero value and
// false where none is, or it is too old), and returns that value: one step,
// for entries of several fields that change one at a time.
func (c *Cache[V]) Update(key string, f func(old V, loaded bool) V) (old V, loaded bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok && !c.stale(e) {
		old, loaded = e.v, true
	}
	c.put(key, f(old, loaded))
	return old, loaded
}

// Len is how many entries are kept.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// put keeps v for key as the most recent entry, reusing key's entry if it
// has one, and forgets the least recent beyond max.
func (c *Cache[V]) put(key string, v V) {
	e, ok := c.byKey[key]
	if ok {
		c.unlink(e)
	} else {
		e = &entry[V]{key: key}
		c.byKey[key] = e
		c.n++
	}
	e.v, e.at = v, c.now().UnixNano()
	c.pushFront(e)
	for c.n > c.max {
		c.remove(c.head.prev)
	}
}

func (c *Cache[V]) stale(e *entry[V]) bool {
	return c.ttl > 0 && time.Duration(c.now().UnixNano()-e.at) > c.ttl
}

func (c *Cache[V]) remove(e *entry[V]) {
	delete(c.byKey, e.key)
	c.unlink(e)
	c.n--
}

func (c *Cache[V]) unlink(e *entry[V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (c *Cache[V]) pushFront(e *entry[V]) {
	e.prev, e.next = &c.head, c.head.next
	c.head.next.prev = e
	c.head.next = e
}
