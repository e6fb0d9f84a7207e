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
type cache struct {
	max int
	ttl time.Duration

	mu    sync.Mutex
	order *list.List // of *entry, most recent first
	byKey map[string]*list.Element
}

type entry struct {
	key  string
	data []byte
	at   time.Time
}

func newCache(max int, ttl time.Duration) *cache {
	return &cache{max: max, ttl: ttl, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *cache) get(key string, now time.Time) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	if now.Sub(e.Value.(*entry).at) > c.ttl {
		c.remove(e)
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*entry).data, true
}

func (c *cache) put(key string, data []byte, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		c.remove(e)
	}
	c.byKey[key] = c.order.PushFront(&entry{key: key, data: data, at: now})
	for c.order.Len() > c.max {
		c.remove(c.order.Back())
	}
}

func (c *cache) remove(e *list.Element) {
	delete(c.byKey, e.Value.(*entry).key)
	c.order.Remove(e)
}
