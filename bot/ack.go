package bot

import (
	"kilab/bot/kit"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultAckBudget is how long a handler may work before its interaction is
// acknowledged with a deferral. Discord drops an answer that comes after 3 s
// ("This interaction failed"); on a saturated machine a commit, a render and
// an upload can take longer than that, so whatever has not answered within
// the budget is deferred, and its answer then goes through the interaction's
// token, which lives 15 minutes.
const DefaultAckBudget = time.Second

// acker is the Discord the handlers talk to: it passes every call through,
// except that an interaction still unanswered when its budget runs out is
// acknowledged with a deferral, and the handler's answer, when it comes, is
// turned into what answers a deferred interaction (an edit of the original
// response, or a follow-up).
type acker struct {
	kit.Discord
	budget time.Duration
	onFail func(i *discordgo.Interaction, err error)

	mu   sync.Mutex
	open map[string]*pending
}

// pending is one interaction being handled.
type pending struct {
	mu        sync.Mutex
	i         *discordgo.Interaction
	answered  bool
	deferred  discordgo.InteractionResponseType // 0, or the deferral sent
	ephemeral bool                              // a type 5 deferral's visibility
	timer     *time.Timer
}

func newAcker(dc kit.Discord, budget time.Duration, onFail func(*discordgo.Interaction, error)) *acker {
	return &acker{Discord: dc, budget: budget, onFail: onFail, open: map[string]*pending{}}
}

// begin starts i's budget. Autocomplete cannot be deferred: it is answered
// directly, from what is at hand.
func (a *acker) begin(i *discordgo.Interaction) {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete || a.budget < 0 {
		return
	}
	p := &pending{i: i}
	a.mu.Lock()
	a.open[i.ID] = p
	a.mu.Unlock()
	p.timer = time.AfterFunc(a.budget, func() { a.deferNow(p) })
}

// end forgets i once its handler has returned.
func (a *acker) end(i *discordgo.Interaction) {
	a.mu.Lock()
	p := a.open[i.ID]
	delete(a.open, i.ID)
	a.mu.Unlock()
	if p != nil {
		p.timer.Stop()
	}
}

func (a *acker) get(id string) *pending {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.open[id]
}

// deferNow acknowledges an interaction its handler has not answered yet: a
// component's message is left as it is (type 6), a command gets Discord's
// "thinking" placeholder (type 5), public or ephemeral as its answer will be.
func (a *acker) deferNow(p *pending) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answered || p.deferred != 0 {
		return
	}
	typ, m := discordgo.InteractionResponseDeferredMessageUpdate, (*kit.Message)(nil)
	if p.i.Type == discordgo.InteractionApplicationCommand {
		r, _ := commandRouteOf(p.i.ApplicationCommandData().Name)
		p.ephemeral = !r.public
		typ, m = discordgo.InteractionResponseDeferredChannelMessageWithSource, &kit.Message{Ephemeral: p.ephemeral}
	}
	if err := a.Discord.Respond(p.i, typ, m); err != nil {
		a.onFail(p.i, err)
		return
	}
	p.deferred = typ
}

// Respond answers an interaction, or, once it was deferred, fills in the
// deferred answer the way Discord allows.
func (a *acker) Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) error {
	p := a.get(i.ID)
	if p == nil {
		return a.Discord.Respond(i, typ, m)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.deferred == 0 {
		err := a.Discord.Respond(i, typ, m)
		p.answered = p.answered || err == nil
		return err
	}
	return a.afterDeferral(p, typ, m)
}

// afterDeferral turns an answer into an edit of the deferred response or a
// follow-up message.
func (a *acker) afterDeferral(p *pending, typ discordgo.InteractionResponseType, m *kit.Message) error {
	switch {
	case typ == discordgo.InteractionResponseDeferredChannelMessageWithSource,
		typ == discordgo.InteractionResponseDeferredMessageUpdate:
		return nil // already deferred
	case typ == discordgo.InteractionResponseUpdateMessage:
		return a.EditOriginal(p.i, m) // a component's message is its original
	case p.deferred == discordgo.InteractionResponseDeferredMessageUpdate:
		return a.Followup(p.i, m)
	case m != nil && m.Ephemeral && !p.ephemeral:
		// A public placeholder cannot turn private: it goes, and the private
		// answer follows on its own.
		if err := a.DeleteOriginal(p.i); err != nil {
			return err
		}
		return a.Followup(p.i, m)
	}
	return a.EditOriginal(p.i, m)
}
