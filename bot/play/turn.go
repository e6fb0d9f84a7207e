package play

import (
	"context"
	"errors"
	"kilab/bot/kit"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// Click is a click on a board's controls: a throw, a move button, a
// move chosen in a select menu, or a picker step.
func (b *Play) Click(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	data := i.MessageComponentData()
	switch a.Verb {
	case "s":
		if len(data.Values) != 1 || data.Values[0] == "" {
			return kit.ErrForged
		}
		a.Arg = data.Values[0]
	case "p":
		a.Arg = pickerTarget(a.Arg, data.Values)
	}
	return b.gameAction(ctx, i, a, true)
}

// pickerTarget is the picker prefix a step opens: a select's chosen group
// under the prefix in its custom_id, or the prefix itself for a Back button.
// "=move" picks a move from a stepped select.
func pickerTarget(arg string, values []string) string {
	arg, _, _ = strings.Cut(arg, "#") // several selects differ by a #n suffix
	if len(values) != 1 {
		return arg
	}
	if strings.HasPrefix(values[0], "=") {
		return values[0]
	}
	if arg == "" {
		return values[0]
	}
	return arg + "/" + values[0]
}

// gameAction is a player's throw, move or picker step in a game, from a click
// (onMessage: the clicked board is updated in place) or from /move.
func (b *Play) gameAction(ctx context.Context, i *discordgo.Interaction, a kit.Action, onMessage bool) error {
	g, err := b.DB.Game(ctx, a.ID)
	if err != nil {
		return err
	}
	seat, err := b.checkTurn(ctx, g, kit.UserOf(i).ID, a)
	if errors.Is(err, errThrown) {
		return b.showThrown(ctx, i, g)
	}
	if err != nil {
		return err
	}
	s, err := b.Load(ctx, g)
	if err != nil {
		return err
	}
	switch {
	case a.Verb == "p" && a.Arg == "=":
		return kit.ErrForged
	case a.Verb == "p" && strings.HasPrefix(a.Arg, "="):
		return b.act(ctx, i, s, seat, strings.TrimPrefix(a.Arg, "="), onMessage)
	case a.Verb == "p" && len(kit.Under(s.Pos.Moves(), a.Arg)) == 0:
		return kit.ErrForged // no move lies under that picker step
	case a.Verb == "p":
		return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{Components: kit.Components(kit.LangOf(i), g.ID, g.Version, s.Pos, a.Arg), ComponentsOnly: true})
	}
	return b.act(ctx, i, s, seat, a.Arg, onMessage) // a throw has no argument: "" throws
}

// checkTurn lets only the player on move act, and only on the current board.
func (b *Play) checkTurn(ctx context.Context, g store.Game, user string, a kit.Action) (games.Player, error) {
	seat, ok := g.Seat(user)
	switch {
	case !ok:
		return 0, lang.Fail("play.not_playing")
	case !g.Active():
		return 0, games.ErrGameOver
	case a.Version != g.Version:
		return 0, b.stale(ctx, g, seat, a)
	case g.ToMove != seat:
		return 0, games.ErrNotYourTurn
	}
	return seat, nil
}

// errThrown: a Throw click came again after its throw was committed.
var errThrown = errors.New("bot: throw already made")

// stale explains a click on a board the game has moved past. A Throw click
// that comes again while its throw still waits for a move (a double click, or
// a retry after a lost answer) is errThrown: the thrower is shown that throw,
// never a new one.
func (b *Play) stale(ctx context.Context, g store.Game, seat games.Player, a kit.Action) error {
	if a.Verb != "t" || g.ToMove != seat {
		return store.ErrConflict
	}
	rec, err := b.DB.Record(ctx, g.ID)
	if err != nil || len(rec) == 0 {
		return store.ErrConflict
	}
	if last := rec[len(rec)-1]; last.Player == seat && len(last.Throws) > 0 && last.Move == "" {
		return errThrown
	}
	return store.ErrConflict
}

// showThrown answers a repeated Throw click with the current board and its
// controls, privately, saying what was thrown.
func (b *Play) showThrown(ctx context.Context, i *discordgo.Interaction, g store.Game) error {
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	last := s.Plies[len(s.Plies)-1]
	l := kit.LangOf(i)
	m, err := b.Board(l, s, kit.BoardOpts{Controls: true, Note: l.T("play.already_threw", "Throws", kit.ThrowsText(last.Throws)),
		Turned: b.Turned(ctx, kit.UserOf(i).ID, s.G)}) // an answer only they see
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// act plays a throw (move "") or a move for seat, then whatever follows by
// itself, commits it at the version the player saw, and shows the result.
func (b *Play) act(ctx context.Context, i *discordgo.Interaction, s *kit.State, seat games.Player, move string, onMessage bool) error {
	var rec games.Recorder
	next, err := b.play(s.Pos, seat, move, &rec)
	if err != nil {
		return err
	}
	next, auto, err := b.AutoMoves(ctx, s.G, s.Game, next, &rec)
	if err != nil {
		return err
	}
	end, to := kit.EndOf(next), next.Due().Player
	g, _, err := b.Commit(ctx, store.Commit{
		Game: s.G.ID, Version: s.G.Version, Plies: rec.Plies, Moved: move != "",
		Position: next.String(), ToMove: to, End: end,
		Announce: end != nil || to != seat || passedThrough(seat, rec.Plies),
	})
	if errors.Is(err, store.ErrConflict) {
		fresh, ferr := b.DB.Game(ctx, s.G.ID)
		if ferr != nil {
			return ferr
		}
		if err := b.stale(ctx, fresh, seat, kit.Action{Verb: verbOf(move)}); errors.Is(err, errThrown) {
			return b.showThrown(ctx, i, fresh)
		}
		return store.ErrConflict
	}
	if err != nil {
		return err
	}
	b.Kick() // the next player's board goes out whatever happens to this answer
	after, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	return b.show(ctx, i, after, seat, onMessage, passedThrough(seat, rec.Plies), auto)
}

// passedThrough reports whether the plies went through the opponent (a
// blocked Seega player's pass, S7): the mover is on move again, in a new turn.
func passedThrough(seat games.Player, plies []games.Ply) bool {
	for _, p := range plies {
		if p.Player != seat {
			return true
		}
	}
	return false
}

func verbOf(move string) string {
	if move == "" {
		return "t"
	}
	return "m"
}

// play applies the player's throw or move and then what the server plays by
// itself (Advance: thrown-again 0s, Tab's further throws, forced passes).
func (b *Play) play(pos games.Position, seat games.Player, move string, rec *games.Recorder) (games.Position, error) {
	if move == "" {
		return games.Roll(pos, seat, b.Src, rec)
	}
	next, err := games.PlayAs(pos, seat, move)
	if err != nil {
		return pos, err
	}
	rec.Move(seat, canonical(pos, next, move))
	return games.Advance(next, b.Src, rec)
}

// show answers the acting player. While the same player stays on move the
// clicked board is updated in place with the next controls; when the turn
// passes (or the game ends) the clicked board reads as an old board does
// (kit.BoardOpts.Textual: no picture, no controls but Rematch, a line saying
// the game has moved on, the text it was sent with), and the fresh board for
// the thread and the next player, which shows the move, is an announcement
// the commit recorded.
//
// As an old board reads, in its reader's language, since the retirement of
// the older boards that the commit announced edits the clicked board too,
// and Discord may apply the two in either order: an answer with the
// picture, applied last, left an old board showing it for good, and one in
// the clicker's language left a thread's board in it.
//
// auto are the moves the server played for the players (AutoMoves), said in
// a line above the board: the clicker hears of them at once, though the
// retirement, if it lands last, leaves the line out (the next board shows
// them).
func (b *Play) show(ctx context.Context, i *discordgo.Interaction, s *kit.State, seat games.Player, onMessage bool, passed bool, auto []kit.AutoPlay) error {
	same := s.G.Active() && s.G.ToMove == seat && !passed
	// The clicked board is the thread's, drawn from its fixed side, unless
	// it is the player's DM copy or the answer is theirs alone.
	private := i.GuildID == "" || !onMessage
	opts := kit.BoardOpts{Controls: same, Turned: private && b.Turned(ctx, kit.UserOf(i).ID, s.G), Textual: onMessage && !same && retired(i)}
	l := kit.LangOf(i)
	var kept []*discordgo.MessageEmbed
	if opts.Textual {
		l, kept = b.asRetired(ctx, i, s.G)
	}
	opts.Note = kit.AutoNote(l, s.Game, auto)
	m, err := b.Board(l, s, opts)
	if err == nil && kept != nil {
		m.Embeds = kept
	}
	if err == nil {
		typ := discordgo.InteractionResponseUpdateMessage
		if !onMessage {
			typ, m.Ephemeral = discordgo.InteractionResponseChannelMessageWithSource, true
		}
		err = b.DC.Respond(i, typ, m)
	}
	if err == nil && onMessage && same {
		b.drawn(ctx, i, s.G.Version)
	}
	b.committed(ctx, i, err)
	return nil
}

// asRetired is how the retirement of old boards writes the clicked board:
// in the language it was written in, keeping the text it was sent with
// (store.BoardMessage.Kept), or where neither was written down, in the
// server's language (its reader's for a DM) and with the text it showed
// when clicked (nil: none known, the text drawn). Discord applies the answer and the retirement in either order,
// and either way the old board then reads as the record of its turn, in
// its readers' language (the next board shows the move). A board no longer
// recorded as live was retired already, as this says, or never was.
func (b *Play) asRetired(ctx context.Context, i *discordgo.Interaction, g store.Game) (*lang.Lang, []*discordgo.MessageEmbed) {
	l := kit.LangOf(i)
	var text []*discordgo.MessageEmbed // nil: the text drawn
	if len(i.Message.Embeds) > 0 {
		text = kit.TextOnly(i.Message.Embeds)
	}
	if i.GuildID != "" {
		l = b.GameLang(ctx, g)
	}
	live, err := b.DB.LiveBoards(ctx, g.ID, g.Version)
	if err != nil {
		b.Logger(ctx).Warn("reading the live boards of a game", "game", g.ID, "err", err)
	}
	for _, m := range live {
		if m.Channel != i.ChannelID || m.Message != i.Message.ID {
			continue
		}
		if m.Lang != "" {
			l = lang.For(m.Lang)
		}
		if kept, ok := kit.KeptEmbeds(m.Kept); ok {
			text = kept
		}
	}
	return l, text
}

// retired reports whether the message clicked is one the retirement of old
// boards edits: any but a private answer's, which only its reader sees.
func retired(i *discordgo.Interaction) bool {
	return i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0
}

// drawn records that the clicked board now shows version with its controls,
// so that the refresh the commit wrote leaves it alone. Should the record
// fail, the refresh draws the board once more, which is all it costs.
func (b *Play) drawn(ctx context.Context, i *discordgo.Interaction, version int64) {
	if i.Message == nil {
		return
	}
	if err := b.DB.BoardDrawn(ctx, i.ChannelID, i.Message.ID, version); err != nil {
		b.Logger(ctx).Warn("recording a board drawn in place", "err", err)
	}
}

// committed deals with a failed answer to an interaction whose change is
// already committed: the player must not read "nothing was changed". It logs,
// and tries a plain follow-up answer where the first never went out.
func (b *Play) committed(ctx context.Context, i *discordgo.Interaction, err error) {
	if err == nil {
		return
	}
	b.Logger(ctx).Warn("answering after a commit", "err", err)
	_ = b.Reply(i, "%s", kit.LangOf(i).T("play.committed"))
}

// canonical is a typed move as the engine writes it ("A1+B2" for "b2+a1"), so
// records and boards read alike however the player typed it.
func canonical(pos, next games.Position, typed string) string {
	for _, m := range pos.Moves() {
		if after, err := pos.Play(m.Notation); err == nil && after.String() == next.String() {
			return m.Notation
		}
	}
	return typed
}
