// Package delivery sends what the store announced: every change that others
// must hear of (the next player's board in the game's thread and by DM, a
// new game's thread, the result, the retirement of old boards, a draw offer,
// and the kinds other features write) is an announcement, written in the
// same transaction as the change, so a crash delays it but never loses it.
//
// A game's boards are its to keep tidy: a retired board keeps its text but
// loses its picture and controls, so that a thread reads as the game's moves
// with one live board at the bottom; a finished game's thread is archived
// after its last board; a turn's DM that comes after the player moved is
// retired at once; a vacation's notice has the game's live boards drawn
// again, with the new due time and mark; and a throw's refresh, due seconds
// after it, draws again the boards still showing the game before the throw
// (the other copy of the board, or the clicked one when the process died
// between the click's deferral and its edit).
//
// The way in is Delivery: Run delivers until its context ends, woken by
// Wake after every commit and polling for retries; Deliver delivers what is
// due now (tests call it). Announcements are claimed under this copy's name
// (store.ClaimAnnouncements), so several copies of the bot on one database
// send each once; what Discord refuses for now is retried with a backoff,
// and what can no longer be said is skipped. Other features deliver their
// own kinds through Config.Kinds, and a kind that DMs a board (a reminder)
// sends it through DMBoard, which records it among the game's boards to be
// retired like the others. Of Discord it sends and edits messages,
// opens and archives threads, and opens DMs.
//
// Discord's requests are the scarce thing (about 50 a second for the whole
// bot), so a move costs the fewest that still tell both players: the board
// in the thread, the next player's DM (to the DM channel kept in their
// settings, opened once), and one edit per board it retires, from the text
// written down as the board was sent (store.BoardMessage.Kept) rather than
// read back; only a board sent before that was written down is read first.
// Retirements go last: after the other announcements of a claimed batch,
// out of step with the next batch, their edits waiting under load for the
// requests that tell players something (kit.Message.Background); and a
// game's next board and DMs are claimed past its retirement still under
// way, so that the tidying of one move never holds back the next.
package delivery
