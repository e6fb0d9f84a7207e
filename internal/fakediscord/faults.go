package fakediscord

import (
	"context"
	"sync"
)

// Faults a test can inject into the fake's REST answers: Discord's own
// failures (5xx, an error code) and a request left hanging, to kill the bot
// while it waits for Discord.

type fault struct {
	match        func(*Request) bool
	status, code int
}

// FailNext makes the next request on route ("POST /channels/{channel_id}/messages",
// or "" for any) fail with status and Discord's JSON error code, without
// acting on it: a 500 or 502 from Discord, or an error such as 30046 (too many
// edits to an old message).
func (s *Server) FailNext(route string, status, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{match: func(r *Request) bool { return route == "" || r.Route == route }, status: status, code: code})
}

// FailWhere makes the next request pred matches fail, as FailNext does.
func (s *Server) FailWhere(pred func(*Request) bool, status, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &fault{match: pred, status: status, code: code})
}

// injectedFault answers c with the first fault that matches it, if any.
func (s *Server) injectedFault(c *call) bool {
	s.mu.Lock()
	var f *fault
	for i, x := range s.faults {
		if x.match(c.req) {
			f = x
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	if f == nil {
		return false
	}
	c.fail(f.status, f.code, "injected fault")
	return true
}

// Hold stops a request the fake received, before (or, with After, after) the
// fake acts on it, until Release - or until the client goes away, as when the
// bot process is killed: a request held before acting is then dropped
// unapplied and unrecorded; one held after acting stays applied and recorded.
type Hold struct {
	match   func(*Request) bool
	after   bool
	arrived chan *Request
	release chan struct{}
	once    sync.Once
}

// Hold holds the next request pred matches, before the fake acts on it.
func (s *Server) Hold(pred func(*Request) bool) *Hold { return s.hold(pred, false) }

// HoldAfter holds the next request pred matches once the fake has acted on
// it, before the bot hears the answer.
func (s *Server) HoldAfter(pred func(*Request) bool) *Hold { return s.hold(pred, true) }

func (s *Server) hold(pred func(*Request) bool, after bool) *Hold {
	h := &Hold{match: pred, after: after, arrived: make(chan *Request, 1), release: make(chan struct{})}
	s.mu.Lock()
	s.holds = append(s.holds, h)
	s.mu.Unlock()
	return h
}

// Wait returns the held request once it has arrived.
func (h *Hold) Wait(ctx context.Context) (*Request, error) {
	select {
	case r := <-h.arrived:
		h.arrived <- r // later Waits see it too
		return r, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Release lets the held request go on.
func (h *Hold) Release() { h.once.Do(func() { close(h.release) }) }

// takeHold removes and returns the first hold at that stage matching c.
func (s *Server) takeHold(c *call, after bool) *Hold {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, h := range s.holds {
		if h.after == after && h.match(c.req) {
			s.holds = append(s.holds[:i], s.holds[i+1:]...)
			return h
		}
	}
	return nil
}

// held blocks c if a hold at that stage matches it, and reports whether the
// client went away meanwhile.
func (s *Server) held(c *call, after bool) (gone bool) {
	h := s.takeHold(c, after)
	if h == nil {
		return false
	}
	h.arrived <- c.req
	select {
	case <-h.release:
		return false
	case <-c.hr.Context().Done():
		return true
	}
}
