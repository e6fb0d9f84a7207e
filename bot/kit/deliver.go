package kit

import (
	"fmt"
	"kilab/store"
)

// Skip is an announcement with nothing left to say: the game moved on, the
// offer lapsed, the user wants no DMs.
type Skip string

func (s Skip) Error() string { return "skipped: " + string(s) }

func SkipIf(cond bool, why string) error {
	if cond {
		return Skip(why)
	}
	return nil
}

// Nonce is an announcement's message nonce: the same however often it is sent.
func Nonce(a store.Announcement) string { return fmt.Sprintf("kilab-a%d", a.ID) }
