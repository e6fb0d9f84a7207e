package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"kilab/games"
	"kilab/internal/fakediscord"
)

// A player coming back to a Tab game reads, in the thread's board and in
// their turn DM, the opponent's whole turn since their own last move: its
// throws and every move of it, not only the last; the picture's alt text
// says every move too.
func TestE2EBoardTellsTheOpponentsWholeTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 61)
	ana, bo := h.srv.AddUser("ana"), h.srv.AddUser("bo")
	g := h.challengeAccepted(ana, bo, "tab", fakediscord.Arg("width", "7"))
	rng := rand.New(rand.NewPCG(61, 1))
	checked := 0
	for n := 0; n < 200 && checked < 3; n++ {
		g, msg := h.board(g.ID)
		if !g.Active() {
			break
		}
		if span := opponentsTurn(h, g.ID, g.ToMove); len(span) >= 2 {
			dm := h.turnDM(g.Players[g.ToMove], fmt.Sprintf("g/%d/%d/", g.ID, g.Version))
			for where, m := range map[string]fakediscord.Message{"thread": msg, "DM": dm} {
				d := m.Embeds[0].Description
				if !strings.Contains(d, "**Since your last move**:\n") {
					t.Errorf("%s board of a turn of %d plies:\n%s", where, len(span), d)
				}
				for _, p := range span {
					if !strings.Contains(d, p.Move) || len(p.Throws) > 0 && !strings.Contains(d, "threw "+throwList(p.Throws)) {
						t.Errorf("%s board lacks the ply %s:\n%s", where, p, d)
					}
					if p.Move != "pass" && !strings.Contains(m.Attachments[0].Description, p.Move) {
						t.Errorf("%s alt text lacks %s: %q", where, p.Move, m.Attachments[0].Description)
					}
				}
			}
			checked++
		}
		h.stepLive(g, msg, rng)
	}
	if checked == 0 {
		t.Fatal("no turn of two plies or more came up")
	}
}

// opponentsTurn is the plies of game id since seat's last ply, as the
// record stores them: what seat's board is to tell.
func opponentsTurn(h *harness, id int64, seat games.Player) []games.Ply {
	h.t.Helper()
	rec, err := h.db.Record(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	i := len(rec)
	for i > 0 && rec[i-1].Player != seat {
		i--
	}
	if i == 0 {
		return nil // seat has not played yet: its first board
	}
	var out []games.Ply
	for _, p := range rec[i:] {
		out = append(out, p.Ply)
	}
	return out
}

// turnDM waits for user's turn DM whose controls carry prefix.
func (h *harness) turnDM(user, prefix string) fakediscord.Message {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	dm, err := h.srv.WaitMessage(ctx, h.srv.DMChannel(user), func(m fakediscord.Message) bool { return hasButton(m, prefix) })
	if err != nil {
		h.t.Fatalf("no turn DM with controls for %s: %v", prefix, err)
	}
	return dm
}

func throwList(ts []games.Throw) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = fmt.Sprint(int(t))
	}
	return strings.Join(s, ", ")
}
