package kit

import (
	"sync"

	"github.com/bwmarrin/discordgo"
)

// maxBuckets is how many rate-limit buckets a session's limiter may hold
// before it is renewed: about 300 bytes each with their keys, so the
// limiter's memory rises and falls by well under a megabyte. Far more than
// the channels a copy posts in within any few seconds, which is as long as
// a bucket's window lasts.
const maxBuckets = 2_000

// bucketKeys bounds the rate-limit buckets discordgo keeps. It forgets
// none, and the bot names one per channel and route (its own channel's
// messages, each game thread's, each DM's), so a bot running for a year
// would hold one for every thread it ever posted in. Past max keys, the
// session gets a new limiter, at a moment no request holds one of the old
// buckets: renew only takes the lock every request reads under when nobody
// holds it, so no request ever waits for a renewal.
//
// What a renewal loses is what the old buckets knew of their windows: the
// first request in a channel that had spent its window may be answered 429,
// which discordgo waits out and sends again, as with any 429. At one
// renewal per two thousand channels (some hundreds of games), and a window
// spent in few of them at any moment, that is a request a day or so on a
// busy server.
type bucketKeys struct {
	// use is read-held by every request through discordgo's limiter, and
	// held whole by a renewal.
	use sync.RWMutex
	max int

	mu   sync.Mutex
	seen map[string]struct{}
	// renewals counts the limiters replaced, for tests and the log.
	renewals int
}

func newBucketKeys(max int) *bucketKeys {
	return &bucketKeys{max: max, seen: map[string]struct{}{}}
}

// request runs call, which uses bucket of s's limiter, then renews the
// limiter if it has grown past max and nobody is using it.
func (k *bucketKeys) request(s *discordgo.Session, bucket string, call func() ([]byte, error)) ([]byte, error) {
	k.use.RLock()
	k.mu.Lock()
	k.seen[bucket] = struct{}{}
	full := len(k.seen) > k.max
	k.mu.Unlock()
	out, err := call()
	k.use.RUnlock()
	if full {
		k.renew(s)
	}
	return out, err
}

// renew gives s a new limiter if no request holds the old one's buckets;
// otherwise a later request tries again.
func (k *bucketKeys) renew(s *discordgo.Session) {
	if !k.use.TryLock() {
		return
	}
	defer k.use.Unlock()
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.seen) <= k.max {
		return // another request renewed it first
	}
	s.Ratelimiter = discordgo.NewRatelimiter()
	k.seen = map[string]struct{}{}
	k.renewals++
}
