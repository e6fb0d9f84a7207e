package bot

import (
	"kilab/bot/kit"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultAckBudget is how long after an interaction arrived it is
// acknowledged at the latest. Discord drops an answer that comes after 3 s
// ("This interaction failed"); on a saturated machine a commit, a render and
// an upload can take longer than that, so whatever has not answered within
// the budget is deferred, and its answer then goes through the interaction's
// token, which lives 15 minutes.
//
// Half a second, not the second the README promises: the acknowledgement
// must also travel, and on a machine whose every core is busy the time from
// Discord sending an interaction to its acknowledgement reaching Discord
// was measured at up to 0.4 s beyond the budget (see the README and
// ack_measure_test.go). A handler on an ordinary day answers in tens of
// milliseconds, far inside it.
const DefaultAckBudget = 500 * time.Millisecond

// acker is the Discord the handlers talk to: it passes every call through,
// except that it sees to it that each interaction gets exactly one initial
// response (Discord refuses a second one with 40060), and that this response
// starts on its way no later than the budget after the interaction arrived.
//
// Two things may send the initial response: the handler's answer, and the
// deferral when the budget runs out. Whichever claims the interaction first
// sends it; the claim is taken under the interaction's lock, but the HTTP
// call is made outside it, so a slow call never holds up the other party.
//
//   - A small answer (no files: text, embeds, controls) is sent as the
//     initial response at once, since it costs Discord no more to take than
//     a deferral does. Once it is on its way the deferral stands down.
//   - An answer that carries files (a board's picture) is a multipart upload
//     whose time nobody can bound on a busy machine, and an initial response
//     under way cannot be called back: sent directly, it could arrive after
//     Discord's deadline with no deferral able to cut in. So such an answer
//     is never the initial response: the acker defers first (a type 6
//     deferred update for a message's own update, a type 5 placeholder, as
//     private as the answer, for a new message), and the answer follows as
//     an edit of the original response, however long its upload takes.
//   - When the budget runs out with no claim, the deferral claims the
//     interaction and goes out; an answer that comes while it is in flight
//     waits for it, then follows as an edit or a follow-up.
//
// So the first callback is a deferral or a small answer, started before the
// budget ran out, and there is only ever one.
type acker struct {
	kit.Discord
	budget time.Duration
	onFail func(i *discordgo.Interaction, err error)
	// now and afterFunc are the clock (time.Now, time.AfterFunc; tests set
	// their own).
	now       func() time.Time
	afterFunc func(d time.Duration, f func()) func() bool

	mu   sync.Mutex
	open map[string]*pending
}

// state is where an interaction's initial response stands.
type state int

const (
	unclaimed state = iota // nothing sent yet
	answering              // the handler's small answer is on its way
	deferring              // a deferral is on its way
	answered               // the initial response was the handler's answer
	deferred               // the initial response was a deferral
)

// pending is one interaction being handled.
type pending struct {
	i *discordgo.Interaction

	mu        sync.Mutex
	changed   sync.Cond // signalled when state leaves answering or deferring
	state     state
	late      bool                              // the budget ran out while an answer was on its way
	deferral  discordgo.InteractionResponseType // the deferral sent (5 or 6), once deferred
	ephemeral bool                              // a type 5 deferral's visibility
	stop      func() bool                       // stops the budget's timer
}

func newAcker(dc kit.Discord, budget time.Duration, onFail func(*discordgo.Interaction, error)) *acker {
	return &acker{Discord: dc, budget: budget, onFail: onFail, open: map[string]*pending{},
		now: time.Now, afterFunc: func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }}
}

// begin starts i's budget, counted from when it arrived (when the gateway
// event was read or the HTTP request came in), not from when its handler
// started: on a busy machine the handler's goroutine may wait for a while,
// and Discord's clock runs from the arrival. Autocomplete cannot be
// deferred: it is answered directly, from what is at hand.
func (a *acker) begin(i *discordgo.Interaction, arrived time.Time) {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete || a.budget < 0 {
		return
	}
	p := &pending{i: i}
	p.changed.L = &p.mu
	a.mu.Lock()
	a.open[i.ID] = p
	a.mu.Unlock()
	p.stop = a.afterFunc(arrived.Add(a.budget).Sub(a.now()), func() { a.budgetSpent(p) })
}

// end forgets i once its handler has returned.
func (a *acker) end(i *discordgo.Interaction) {
	a.mu.Lock()
	p := a.open[i.ID]
	delete(a.open, i.ID)
	a.mu.Unlock()
	if p != nil {
		p.stop()
	}
}

func (a *acker) get(id string) *pending {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.open[id]
}

// budgetSpent defers an interaction nothing has answered yet. One whose
// answer is on its way is left to it, and noted as late, so that should the
// answer fail the deferral still goes (see settle).
func (a *acker) budgetSpent(p *pending) {
	p.mu.Lock()
	if p.state == answering {
		p.late = true
	}
	if p.state != unclaimed {
		p.mu.Unlock()
		return
	}
	typ, m := a.deferralFor(p)
	p.state = deferring
	p.mu.Unlock()
	a.sendDeferral(p, typ, m)
}

// deferralFor is the deferral the budget sends: a component's message is
// left as it is (type 6), a command gets Discord's "thinking" placeholder
// (type 5), public or ephemeral as its command's answers are.
func (a *acker) deferralFor(p *pending) (discordgo.InteractionResponseType, *kit.Message) {
	if p.i.Type != discordgo.InteractionApplicationCommand {
		return discordgo.InteractionResponseDeferredMessageUpdate, nil
	}
	r, _ := commandRouteOf(p.i.ApplicationCommandData().Name)
	return discordgo.InteractionResponseDeferredChannelMessageWithSource, &kit.Message{Ephemeral: !r.public}
}

// sendDeferral sends the deferral p was claimed for, outside p's lock, and
// records how it went. A deferral Discord refused leaves the interaction
// unclaimed: the handler's answer then goes directly, as the only answer
// left to try.
func (a *acker) sendDeferral(p *pending, typ discordgo.InteractionResponseType, m *kit.Message) {
	err := a.Discord.Respond(p.i, typ, m)
	p.mu.Lock()
	defer p.mu.Unlock()
	defer p.changed.Broadcast()
	if err != nil {
		p.state = unclaimed
		a.onFail(p.i, err)
		return
	}
	p.state, p.deferral, p.ephemeral = deferred, typ, m != nil && m.Ephemeral
}

// Respond answers an interaction as acker's doc comment says:
// directly when the answer is small and nothing was sent yet; otherwise as
// what answers a deferred interaction, deferring first where needed.
func (a *acker) Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) error {
	p := a.get(i.ID)
	if p == nil {
		return a.Discord.Respond(i, typ, m)
	}
	p.mu.Lock()
	p.settled()
	if p.state == unclaimed && uploads(typ, m) {
		dtyp, dm := deferralOf(typ, m)
		p.state = deferring
		p.mu.Unlock()
		a.sendDeferral(p, dtyp, dm)
		p.mu.Lock()
		p.settled()
		// Still unclaimed: Discord refused the deferral, and the answer,
		// files and all, is the only thing left to try.
	}
	switch p.state {
	case unclaimed:
		p.state = answering
		p.mu.Unlock()
		err := a.Discord.Respond(i, typ, m)
		a.settle(p, typ, m, err)
		return err
	case deferred:
		deferral, ephemeral := p.deferral, p.ephemeral
		p.mu.Unlock()
		return a.afterDeferral(p.i, deferral, ephemeral, typ, m)
	}
	p.mu.Unlock()
	return a.Discord.Respond(i, typ, m) // a second answer: Discord says what it makes of it
}

// settled waits, with p's lock held, until no initial response is on its
// way.
func (p *pending) settled() {
	for p.state == answering || p.state == deferring {
		p.changed.Wait()
	}
}

// settle records how the handler's direct answer went. When it failed after
// the budget ran out, the deferral it stood in for goes now, so that the
// handler's next try (its error message) follows a deferral rather than
// coming late on its own.
func (a *acker) settle(p *pending, typ discordgo.InteractionResponseType, m *kit.Message, err error) {
	p.mu.Lock()
	defer p.changed.Broadcast()
	switch {
	case err == nil && isDeferral(typ):
		// The handler deferred by itself: its later answers go as a
		// deferred interaction's do.
		p.state, p.deferral, p.ephemeral = deferred, typ, m != nil && m.Ephemeral
	case err == nil:
		p.state = answered
	case p.late:
		dtyp, dm := a.deferralFor(p)
		p.state = deferring
		p.mu.Unlock()
		a.sendDeferral(p, dtyp, dm)
		return
	default:
		p.state = unclaimed
	}
	p.mu.Unlock()
}

// uploads reports whether an answer would be an initial response carrying
// files: one the acker never sends directly.
func uploads(typ discordgo.InteractionResponseType, m *kit.Message) bool {
	return m != nil && len(m.Files) > 0 && !isDeferral(typ) &&
		typ != discordgo.InteractionApplicationCommandAutocompleteResult
}

func isDeferral(typ discordgo.InteractionResponseType) bool {
	return typ == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		typ == discordgo.InteractionResponseDeferredMessageUpdate
}

// deferralOf is the deferral that stands in for an answer sent after it: an
// update of the clicked message is deferred as an update (type 6), a new
// message as a placeholder (type 5) as private as the message will be.
func deferralOf(typ discordgo.InteractionResponseType, m *kit.Message) (discordgo.InteractionResponseType, *kit.Message) {
	if typ == discordgo.InteractionResponseUpdateMessage {
		return discordgo.InteractionResponseDeferredMessageUpdate, nil
	}
	return discordgo.InteractionResponseDeferredChannelMessageWithSource, &kit.Message{Ephemeral: m.Ephemeral}
}

// afterDeferral turns an answer into an edit of the deferred response or a
// follow-up message.
func (a *acker) afterDeferral(i *discordgo.Interaction, deferral discordgo.InteractionResponseType, ephemeral bool, typ discordgo.InteractionResponseType, m *kit.Message) error {
	switch {
	case isDeferral(typ):
		return nil // already deferred
	case typ == discordgo.InteractionResponseUpdateMessage:
		return a.EditOriginal(i, m) // a component's message is its original
	case deferral == discordgo.InteractionResponseDeferredMessageUpdate:
		return a.Followup(i, m)
	case m != nil && m.Ephemeral && !ephemeral:
		// A public placeholder cannot turn private: it goes, and the private
		// answer follows on its own.
		if err := a.DeleteOriginal(i); err != nil {
			return err
		}
		return a.Followup(i, m)
	}
	return a.EditOriginal(i, m)
}
