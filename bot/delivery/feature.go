package delivery

import (
	"context"
	"sync"

	"kilab/bot/kit"
	"kilab/store"
)

// Delivery sends what the store announced, on the bot's shared Core.
type Delivery struct {
	*kit.Core
	instance   string // whose claims are whose: this copy of the bot
	kinds      map[string]func(context.Context, store.Announcement) error
	onOutcome  func(kind, outcome string)
	onRequests func(kind string, n int)
	wake       chan struct{} // Wake's nudge
	delivering sync.Mutex    // one Deliver at a time
}

// Config is what Delivery needs besides the Core.
type Config struct {
	// Instance names this copy of the bot among those sharing a database:
	// it claims announcements under this name.
	Instance string
	// Kinds deliver the announcements other features write, by kind (a
	// challenge's DM, a tournament's notices, a vacation's): Delivery claims,
	// retries and counts them like its own.
	Kinds map[string]func(context.Context, store.Announcement) error
	// OnOutcome hears how each delivery went, by kind: sent, skipped,
	// retried or given_up.
	OnOutcome func(kind, outcome string)
	// OnRequests hears how many requests to Discord each delivery made,
	// by kind, whatever its outcome: a move's announcements' over the
	// boards sent are what a move costs.
	OnRequests func(kind string, n int)
}

// New is the delivery of the bot whose Core is core.
func New(core *kit.Core, c Config) *Delivery {
	return &Delivery{Core: core, instance: c.Instance, kinds: c.Kinds, onOutcome: c.OnOutcome, onRequests: c.OnRequests, wake: make(chan struct{}, 1)}
}

// Wake has Run look for announcements now: a commit may have written some.
func (b *Delivery) Wake() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// counted tells OnOutcome how a delivery went.
func (b *Delivery) counted(kind, outcome string) {
	if b.onOutcome != nil {
		b.onOutcome(kind, outcome)
	}
}
