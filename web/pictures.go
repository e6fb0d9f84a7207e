package web

import (
	"container/list"
	"sync"
)

// pictureCache keeps the last max pictures drawn, by key, and forgets the
// least recently used beyond: a board at a ply never changes, so stepping
// through a game draws each once however many watch it.
type pictureCache struct {
	max int

	mu    sync.Mutex
	order *list.List // of *picture, most recent first
	byKey map[string]*list.Element
}

type picture struct {
	key string
	png []byte
}

func newPictureCache(max int) *pictureCache {
	return &pictureCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *pictureCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*picture).png, true
}

func (c *pictureCache) put(key string, png []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&picture{key: key, png: png})
	for c.order.Len() > c.max {
		last := c.order.Back()
		delete(c.byKey, last.Value.(*picture).key)
		c.order.Remove(last)
	}
}
