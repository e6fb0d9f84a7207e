package web

import (
	"container/list"
	"sync"
	"time"
)

// cache keeps up to max answers by key, each for ttl at most, and forgets
// the least recently used beyond: a board at a ply never changes, and a
// game's page changes only with the game's version (its key) and, slowly,
// with its players' ratings (the ttl), so a page or picture that many ask
// for is made once.
type cache[V any] struct {
	max int
	ttl time.Duration

	mu    sync.Mutex
	order *list.List // of *entry[V], most recent first
	byKey map[string]*list.Element
}

type entry[V any] struct {
	key  string
	data V
	at   time.Time
}

func newCache[V any](max int, ttl time.Duration) *cache[V] {
	return &cache[V]{max: max, ttl: ttl, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *cache[V]) get(key string, now time.Time) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var zero V
	e, ok := c.byKey[key]
	if !ok {
		return zero, false
	}
	if now.Sub(e.Value.(*entry[V]).at) > c.ttl {
		c.remove(e)
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry[V]).data, true
}

func (c *cache[V]) put(key string, data V, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		c.remove(e)
	}
	c.byKey[key] = c.order.PushFront(&entry[V]{key: key, data: data, at: now})
	for c.order.Len() > c.max {
		c.remove(c.order.Back())
	}
}

func (c *cache[V]) remove(e *list.Element) {
	delete(c.byKey, e.Value.(*entry[V]).key)
	c.order.Remove(e)
}
