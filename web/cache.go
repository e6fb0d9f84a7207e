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

// once makes each value by key once at a time: callers asking for a key
// while it is being made wait for that making and share its result, so a
// crowd opening a page that is not made yet (a new version, a restart)
// costs one making, not one each.
type once[V any] struct {
	mu     sync.Mutex
	making map[string]*making[V]
}

type making[V any] struct {
	done   chan struct{}
	v      V
	err    error
	joined int // callers waiting for this making
}

// do returns fn's value for key, made by this call unless another caller
// is making it.
func (o *once[V]) do(key string, fn func() (V, error)) (V, error) {
	o.mu.Lock()
	if m, ok := o.making[key]; ok {
		m.joined++
		o.mu.Unlock()
		<-m.done
		return m.v, m.err
	}
	if o.making == nil {
		o.making = map[string]*making[V]{}
	}
	m := &making[V]{done: make(chan struct{})}
	o.making[key] = m
	o.mu.Unlock()
	defer func() {
		o.mu.Lock()
		delete(o.making, key)
		o.mu.Unlock()
		close(m.done)
	}()
	m.v, m.err = fn()
	return m.v, m.err
}

// waiting is how many callers wait for key's making under way.
func (o *once[V]) waiting(key string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	if m, ok := o.making[key]; ok {
		return m.joined
	}
	return 0
}
