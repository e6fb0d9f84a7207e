package web

import "sync"

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
