package bot

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/bot/kit/kittest"
)

// ackCall is one call the acker made to Discord.
type ackCall struct {
	op  string // respond, original, followup, delete-original
	typ discordgo.InteractionResponseType
	m   *kit.Message
}

// ackDiscord is a Discord for the acker's tests: it records the interaction
// calls in order, and a call for which hold returns a gate blocks, once it
// has said so on the gate's entered channel, until the gate is let go: a
// slow upload, or a slow network, at a moment the test chooses.
type ackDiscord struct {
	kittest.Recorder
	mu    sync.Mutex
	calls []ackCall
	hold  func(c ackCall) *gate
}

// gate holds one call: entered is closed when the call is in flight; the
// call returns err once release is closed.
type gate struct {
	entered, release chan struct{}
	err              error
}

func newGate() *gate { return &gate{entered: make(chan struct{}), release: make(chan struct{})} }

func (d *ackDiscord) call(c ackCall) error {
	d.mu.Lock()
	d.calls = append(d.calls, c)
	hold := d.hold
	d.mu.Unlock()
	if hold == nil {
		return nil
	}
	if g := hold(c); g != nil {
		close(g.entered)
		<-g.release
		return g.err
	}
	return nil
}

func (d *ackDiscord) Respond(_ *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) error {
	return d.call(ackCall{op: "respond", typ: typ, m: m})
}
func (d *ackDiscord) EditOriginal(_ *discordgo.Interaction, m *kit.Message) error {
	return d.call(ackCall{op: "original", m: m})
}
func (d *ackDiscord) Followup(_ *discordgo.Interaction, m *kit.Message) error {
	return d.call(ackCall{op: "followup", m: m})
}
func (d *ackDiscord) DeleteOriginal(*discordgo.Interaction) error {
	return d.call(ackCall{op: "delete-original"})
}

// setHold sets which calls block from now on (nil: none).
func (d *ackDiscord) setHold(hold func(ackCall) *gate) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.hold = hold
}

// log is the calls so far.
func (d *ackDiscord) log() []ackCall {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]ackCall(nil), d.calls...)
}

// initial counts the initial responses among the calls (respond), and
// returns the first.
func initial(calls []ackCall) (int, ackCall) {
	n, first := 0, ackCall{}
	for _, c := range calls {
		if c.op == "respond" {
			if n == 0 {
				first = c
			}
			n++
		}
	}
	return n, first
}

// ackRig is an acker on an ackDiscord with a clock of the test's own: the
// budget's timer is recorded, and fired by the test.
type ackRig struct {
	a      *acker
	dc     *ackDiscord
	now    time.Time
	waited []time.Duration // what each begin set its timer to
	fire   []func()
	failed []error
}

func newAckRig() *ackRig {
	r := &ackRig{dc: &ackDiscord{}, now: time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)}
	r.a = newAcker(r.dc, time.Second, func(_ *discordgo.Interaction, err error) { r.failed = append(r.failed, err) })
	r.a.now = func() time.Time { return r.now }
	r.a.afterFunc = func(d time.Duration, f func()) func() bool {
		r.waited, r.fire = append(r.waited, d), append(r.fire, f)
		return func() bool { return true }
	}
	return r
}

func clickIx(id string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: id, Type: discordgo.InteractionMessageComponent,
		Data: discordgo.MessageComponentInteractionData{CustomID: "g/1/1/m/x"}}
}

func slashIx(id, name string) *discordgo.Interaction {
	return &discordgo.Interaction{ID: id, Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{Name: name}}
}

// board is an answer that carries a picture: a multipart upload.
func board() *kit.Message {
	return &kit.Message{Content: "your turn", Files: []kit.File{{Name: "board.png", ContentType: "image/png", Data: make([]byte, 64<<10)}}}
}

// respondAsync answers i from a goroutine of its own, as a handler does.
func respondAsync(a *acker, i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *kit.Message) <-chan error {
	done := make(chan error, 1)
	go func() { done <- a.Respond(i, typ, m) }()
	return done
}

// returns waits for f to return, failing the test if it hangs: f must not
// wait for a call to Discord that the test holds.
func returns(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s waited for a call to Discord that is still in flight", what)
	}
}

// The budget runs from the interaction's arrival, not from when its handler
// started: one whose handler started 800 ms after it arrived is deferred
// 200 ms later, and one that waited longer than the budget at once.
func TestAckBudgetCountsFromArrival(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	arrived := r.now
	r.now = arrived.Add(800 * time.Millisecond)
	r.a.begin(clickIx("1"), arrived)
	r.now = arrived.Add(1500 * time.Millisecond)
	r.a.begin(clickIx("2"), arrived)
	if len(r.waited) != 2 || r.waited[0] != 200*time.Millisecond || r.waited[1] > 0 {
		t.Fatalf("timers set to %v, want [200ms, at once]", r.waited)
	}
	r.fire[0]()
	if n, first := initial(r.dc.log()); n != 1 || first.typ != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("at the budget: %d initial responses, the first %+v; want one deferred update", n, first)
	}
}

// An answer with a picture is never the initial response: the deferral goes
// first and the picture follows as an edit, so that however long the upload
// takes, the interaction was acknowledged; the budget's timer, firing during
// the upload, neither waits for it nor sends a second initial response.
func TestAckSlowUploadIsDeferredFirst(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	up := newGate()
	r.dc.setHold(func(c ackCall) *gate {
		if c.m != nil && len(c.m.Files) > 0 {
			return up
		}
		return nil
	})
	i := clickIx("1")
	r.a.begin(i, r.now)
	done := respondAsync(r.a, i, discordgo.InteractionResponseUpdateMessage, board())
	<-up.entered // the upload is in flight
	calls := r.dc.log()
	if n, first := initial(calls); n != 1 || first.typ != discordgo.InteractionResponseDeferredMessageUpdate || first.m != nil {
		t.Fatalf("while the picture uploads: %+v; want a deferred update sent before it", calls)
	}
	returns(t, "the budget's timer", r.fire[0])
	close(up.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	calls = r.dc.log()
	if n, _ := initial(calls); n != 1 || len(calls) != 2 || calls[1].op != "original" || len(calls[1].m.Files) != 1 {
		t.Fatalf("calls %+v; want one deferral, then the picture as an edit of the original", calls)
	}
}

// A command's answer with a picture is deferred with Discord's placeholder,
// as private as the answer, and fills it in.
func TestAckUploadAnswerToCommandFillsPlaceholder(t *testing.T) {
	t.Parallel()
	for _, private := range []bool{false, true} {
		r := newAckRig()
		i := slashIx("1", "board")
		r.a.begin(i, r.now)
		m := board()
		m.Ephemeral = private
		if err := r.a.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m); err != nil {
			t.Fatal(err)
		}
		calls := r.dc.log()
		if len(calls) != 2 || calls[0].typ != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
			calls[0].m == nil || calls[0].m.Ephemeral != private || calls[1].op != "original" {
			t.Fatalf("private %v: calls %+v; want a placeholder as private, then its edit", private, calls)
		}
	}
}

// A small answer goes directly; when the budget runs out while it is in
// flight, the deferral stands down: one initial response, the answer.
func TestAckSmallAnswerInFlightIsTheOnlyResponse(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	slow := newGate()
	r.dc.setHold(func(ackCall) *gate { return slow })
	i := clickIx("1")
	r.a.begin(i, r.now)
	done := respondAsync(r.a, i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: "kept"})
	<-slow.entered
	r.dc.setHold(nil)
	returns(t, "the budget's timer", r.fire[0])
	close(slow.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	calls := r.dc.log()
	if n, first := initial(calls); n != 1 || first.typ != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("calls %+v; want the answer alone", calls)
	}
}

// When the budget runs out before the handler answers, the deferral goes at
// the budget, and the answer, when it comes, is turned into what answers a
// deferred interaction: a component's update edits its message; a private
// answer to a public command replaces the public placeholder.
func TestAckBudgetDefersThenAnswerFollows(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	i := clickIx("1")
	r.a.begin(i, r.now)
	r.fire[0]()
	if err := r.a.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: "moved"}); err != nil {
		t.Fatal(err)
	}
	calls := r.dc.log()
	if len(calls) != 2 || calls[0].typ != discordgo.InteractionResponseDeferredMessageUpdate || calls[1].op != "original" {
		t.Fatalf("click: calls %+v; want a deferred update, then an edit", calls)
	}

	r = newAckRig()
	i = slashIx("2", "challenge")
	r.a.begin(i, r.now)
	r.fire[0]()
	if err := r.a.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: "no", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	calls = r.dc.log()
	if len(calls) != 3 || calls[0].typ != discordgo.InteractionResponseDeferredChannelMessageWithSource || calls[0].m.Ephemeral ||
		calls[1].op != "delete-original" || calls[2].op != "followup" {
		t.Fatalf("command: calls %+v; want a public placeholder, deleted, then a private follow-up", calls)
	}
}

// A direct answer that fails after the budget ran out does not leave the
// interaction unacknowledged: the deferral goes then, and the handler's next
// answer (its apology) follows it.
func TestAckFailedAnswerAfterBudgetDefers(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	slow := newGate()
	slow.err = errors.New("connection reset")
	r.dc.setHold(func(ackCall) *gate { return slow })
	i := clickIx("1")
	r.a.begin(i, r.now)
	done := respondAsync(r.a, i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Content: "moved"})
	<-slow.entered
	r.dc.setHold(nil)
	r.fire[0]()
	close(slow.release)
	if err := <-done; err == nil {
		t.Fatal("the failed answer reported no error")
	}
	if err := r.a.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: "sorry", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	calls := r.dc.log()
	if len(calls) != 3 || calls[1].typ != discordgo.InteractionResponseDeferredMessageUpdate || calls[2].op != "followup" {
		t.Fatalf("calls %+v; want the failed answer, a deferral, then the apology as a follow-up", calls)
	}
}

// When Discord refuses the deferral put before an upload, the answer is
// tried directly, as the only one left, and the refusal is reported.
func TestAckRefusedDeferralSendsAnswerDirectly(t *testing.T) {
	t.Parallel()
	r := newAckRig()
	refused := newGate()
	refused.err = errors.New("503")
	close(refused.release)
	r.dc.setHold(func(c ackCall) *gate {
		if c.typ == discordgo.InteractionResponseDeferredMessageUpdate {
			return refused
		}
		return nil
	})
	i := clickIx("1")
	r.a.begin(i, r.now)
	if err := r.a.Respond(i, discordgo.InteractionResponseUpdateMessage, board()); err != nil {
		t.Fatal(err)
	}
	calls := r.dc.log()
	if len(calls) != 2 || calls[1].typ != discordgo.InteractionResponseUpdateMessage || len(r.failed) != 1 {
		t.Fatalf("calls %+v, failures %v; want the refused deferral reported and the answer sent directly", calls, r.failed)
	}
}

// An interaction's budget runs from the arrival dispatch is given: one that
// arrived two seconds ago is deferred at once, not a second after its
// handler starts.
func TestDispatchCountsBudgetFromArrival(t *testing.T) {
	t.Parallel()
	b, _ := routeBot(t)
	b.acks.budget = time.Second
	timers := make(chan time.Duration, 1)
	b.acks.afterFunc = func(d time.Duration, f func()) func() bool {
		timers <- d
		return func() bool { return true }
	}
	b.dispatch(clickIx("1"), time.Now().Add(-2*time.Second))
	if d := <-timers; d > 0 {
		t.Errorf("the budget's timer was set to %v after the handler started; the interaction arrived 2 s ago with a 1 s budget", d)
	}
	b.gate.Lock()
	for b.active > 0 {
		b.idle.Wait()
	}
	b.gate.Unlock()
}
