package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/store"
)

// Every interaction is applied once. Discord may deliver one interaction
// more than once: a load balancer in front of the interactions endpoint
// retries a POST it thinks timed out (possibly to another copy of the bot),
// and a gateway resume can replay one. Each copy carries the same id.
//
//   - The database is the authority (store.Once): the first write
//     transaction of a command or a component records the interaction's id
//     with its change, and a copy's first write finds it and changes
//     nothing. That holds across copies of the bot sharing PostgreSQL.
//   - Before routing, a copy whose id is already recorded is answered as a
//     repeat without running its handler at all: it would otherwise find its
//     board moved on and say so, or post what the first copy posted. A copy
//     that got past that look-up while another was being applied, and
//     failed for it (a stale board), is answered as a repeat too (settled).
//   - Within one process, a copy that arrives while another copy of the
//     same interaction is being handled is dropped: that one answers, and
//     the acknowledger, which knows interactions by id, keeps one.
//
// A repeat is answered with err.repeat, but not at once: Discord takes one
// answer per interaction, and a repeat answering first would take the
// first copy's place (a challenge refused its post in the channel). The
// first copy answers, or defers, within DefaultAckBudget; the repeat waits
// until repeatAnswerAfter has passed since the interaction was created,
// leaving it that, and still inside Discord's 3 s. Then its answer is
// refused with 40060 when the first copy's stands, which is the usual case
// and is logged at debug level only; when the first copy's answer was lost
// (its process died after committing), the player reads that it was done.

// repeatAnswerAfter is how long after an interaction was created a repeat of
// it may answer.
const repeatAnswerAfter = 2 * time.Second

// once returns ctx carrying i's id for the store (store.Once), for commands
// and components: autocomplete changes nothing. It comes after Resolve, so
// the locales it records never count as the interaction's change. A copy of
// an interaction already recorded is refused with store.ErrRepeat.
func (b *Bot) once(ctx context.Context, i *discordgo.Interaction) (context.Context, error) {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
	default:
		return ctx, nil
	}
	if i.ID == "" {
		return ctx, nil
	}
	done, err := b.DB.Handled(ctx, i.ID)
	if err != nil {
		b.Logger(ctx).Warn("could not look up whether an interaction was applied", "err", err) // the transaction still decides
	}
	if done {
		return ctx, fmt.Errorf("interaction %s is recorded: %w", i.ID, store.ErrRepeat)
	}
	return store.Once(ctx, i.ID), nil
}

// settled is err, the error i's handler returned, unless another copy of i
// was applied while this one ran: that copy's change is why this one found
// the game moved on (a Throw click refused as a stale board), and it is
// answered as the repeat it is. Only a copy that changed nothing itself is
// asked about, and only when it failed.
func (b *Bot) settled(ctx context.Context, i *discordgo.Interaction, err error) error {
	if err == nil || errors.Is(err, store.ErrRepeat) || store.Applied(ctx) || i.ID == "" {
		return err
	}
	if done, herr := b.DB.Handled(ctx, i.ID); herr == nil && done {
		return fmt.Errorf("interaction %s was applied by another copy (%v): %w", i.ID, err, store.ErrRepeat)
	}
	return err
}

// answerRepeatLater holds a repeat's answer until repeatAnswerAfter has passed
// since i was created, so that the first copy answers first. A repeat
// defers nothing either: its acknowledgement is the first copy's.
func (b *Bot) answerRepeatLater(ctx context.Context, i *discordgo.Interaction) {
	b.acks.end(i)
	wait := repeatWait(i.ID, time.Now())
	if wait == 0 {
		return
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// repeatWait is how long a repeat of interaction id, at now, waits before
// answering: until repeatAnswerAfter has passed since Discord made it (its
// id says when). None for an id that is no snowflake, one long past, or one
// from a clock that cannot be right (made in the future).
func repeatWait(id string, now time.Time) time.Duration {
	created, err := discordgo.SnowflakeTimestamp(id)
	if err != nil {
		return 0
	}
	wait := created.Add(repeatAnswerAfter).Sub(now)
	if wait <= 0 || wait > repeatAnswerAfter {
		return 0
	}
	return wait
}

// inFlight are the ids of the interactions this process is handling.
type inFlight struct{ ids sync.Map }

// enter reports whether i may be handled: no other copy of it is being
// handled here. Every interaction enter admits must leave.
func (f *inFlight) enter(i *discordgo.Interaction) bool {
	if i.ID == "" {
		return true
	}
	_, there := f.ids.LoadOrStore(i.ID, struct{}{})
	return !there
}

func (f *inFlight) leave(i *discordgo.Interaction) {
	if i.ID != "" {
		f.ids.Delete(i.ID)
	}
}
