package try

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// The page learns of changes from a server-sent event stream rather than
// by polling: "change" names the channels whose messages changed (none
// when something else did, such as a new thread), "violation" carries a
// request Discord would have refused.

// settle gathers the changes of a burst (a board's edit, its DM copy and
// the retirement of the old one come within moments) into one event.
const settle = 80 * time.Millisecond

// keepAlive is how often an idle stream sends a comment, so that nothing
// between the browser and the page closes it as dead.
const keepAlive = 20 * time.Second

func (p *Page) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	// The next change's signal is taken before the counts are read, each
	// time: a change between the two is then seen twice rather than missed.
	changed := p.fake.Changes()
	versions := p.fake.Versions()
	_, seen := p.log.Since(0)
	fmt.Fprint(w, ": kilab try\n\n")
	flusher.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-p.done:
			return
		case <-time.After(keepAlive):
			fmt.Fprint(w, ": still here\n\n")
		case <-changed:
			time.Sleep(settle)
			changed = p.fake.Changes()
			now := p.fake.Versions()
			channels := moved(versions, now)
			versions = now
			send(w, "change", map[string]any{"channels": channels})
			var vs []Violation
			vs, seen = p.log.Since(seen)
			for _, v := range vs {
				send(w, "violation", v)
			}
		}
		flusher.Flush()
	}
}

// moved lists the channels whose count differs between before and now.
func moved(before, now map[string]int64) []string {
	out := []string{}
	for id, n := range now {
		if before[id] != n {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

func send(w http.ResponseWriter, event string, data any) {
	b, _ := json.Marshal(data)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
}
