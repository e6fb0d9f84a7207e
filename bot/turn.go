package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/store"
)

// component routes a button or select click by its custom_id.
func (b *Bot) component(ctx context.Context, i *discordgo.Interaction) error {
	data := i.MessageComponentData()
	a, err := parseAction(data.CustomID)
	if err != nil {
		return err
	}
	switch a.kind {
	case "c":
		return b.challengeClick(ctx, i, a)
	case "d":
		return b.drawClick(ctx, i, a)
	case "r":
		return b.rematchClick(ctx, i, a)
	case "l":
		return b.leaderboardClick(ctx, i, a)
	}
	switch a.verb {
	case "s":
		if len(data.Values) != 1 {
			return errForged
		}
		a.arg = data.Values[0]
	case "p":
		a.arg = pickerTarget(a.arg, data.Values)
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
func (b *Bot) gameAction(ctx context.Context, i *discordgo.Interaction, a action, onMessage bool) error {
	g, err := b.db.Game(ctx, a.id)
	if err != nil {
		return err
	}
	seat, err := b.checkTurn(ctx, g, userOf(i).ID, a)
	if err != nil {
		return err
	}
	s, err := b.load(ctx, g)
	if err != nil {
		return err
	}
	switch {
	case a.verb == "p" && strings.HasPrefix(a.arg, "="):
		return b.act(ctx, i, s, seat, strings.TrimPrefix(a.arg, "="), onMessage)
	case a.verb == "p":
		return b.dc.Respond(i, discordgo.InteractionResponseUpdateMessage, &Message{Components: components(g.ID, g.Version, s.pos, a.arg), componentsOnly: true})
	case a.verb == "t":
		return b.act(ctx, i, s, seat, "", onMessage)
	}
	return b.act(ctx, i, s, seat, a.arg, onMessage)
}

// checkTurn lets only the player on move act, and only on the current board.
func (b *Bot) checkTurn(ctx context.Context, g store.Game, user string, a action) (games.Player, error) {
	seat, ok := g.Seat(user)
	switch {
	case !ok:
		return 0, userf("You are not playing in this game.")
	case !g.Active():
		return 0, games.ErrGameOver
	case a.version != g.Version:
		return 0, b.stale(ctx, g, seat, a)
	case g.ToMove != seat:
		return 0, games.ErrNotYourTurn
	}
	return seat, nil
}

// stale explains a click on a board the game has moved past. A repeated Throw
// click shows the throw that was made rather than drawing a new one.
func (b *Bot) stale(ctx context.Context, g store.Game, seat games.Player, a action) error {
	if a.verb == "t" {
		if rec, err := b.db.Record(ctx, g.ID); err == nil {
			for k := len(rec) - 1; k >= 0; k-- {
				if p := rec[k]; p.Player == seat && len(p.Throws) > 0 {
					return userf("You already threw %s; the board shows it. Use the latest board (or /board game:%d).", throwsText(p.Throws), g.ID)
				}
			}
		}
	}
	return store.ErrConflict
}

// act plays a throw (move "") or a move for seat, then whatever follows by
// itself, commits it at the version the player saw, and shows the result.
func (b *Bot) act(ctx context.Context, i *discordgo.Interaction, s *state, seat games.Player, move string, onMessage bool) error {
	var rec games.Recorder
	next, err := b.play(s.pos, seat, move, &rec)
	if err != nil {
		return err
	}
	g, changes, err := b.db.Commit(ctx, store.Commit{
		Game: s.g.ID, Version: s.g.Version, Plies: rec.Plies, Moved: move != "",
		Position: next.String(), ToMove: next.Due().Player, End: endOf(next),
	})
	if errors.Is(err, store.ErrConflict) {
		return b.stale(ctx, s.g, seat, action{verb: verbOf(move)})
	}
	if err != nil {
		return err
	}
	after, err := b.load(ctx, g)
	if err != nil {
		return err
	}
	return b.show(ctx, i, after, seat, onMessage, changes)
}

func verbOf(move string) string {
	if move == "" {
		return "t"
	}
	return "m"
}

// play applies the player's throw or move and then what the server plays by
// itself (Advance: thrown-again 0s, Tab's further throws, forced passes).
func (b *Bot) play(pos games.Position, seat games.Player, move string, rec *games.Recorder) (games.Position, error) {
	if move == "" {
		return games.Roll(pos, seat, b.src, rec)
	}
	next, err := games.PlayAs(pos, seat, move)
	if err != nil {
		return pos, err
	}
	rec.Move(seat, move)
	return games.Advance(next, b.src, rec)
}

// show answers the acting player and tells the others. While the same player
// stays on move the clicked board is updated in place with the next controls;
// when the turn passes (or the game ends) the clicked board keeps the result
// without controls and a fresh board goes to the thread and the next player.
func (b *Bot) show(ctx context.Context, i *discordgo.Interaction, s *state, seat games.Player, onMessage bool, changes []store.RatingChange) error {
	same := s.g.Active() && s.g.ToMove == seat
	m, err := b.board(s, boardOpts{controls: same})
	if err != nil {
		return err
	}
	typ := discordgo.InteractionResponseUpdateMessage
	if !onMessage {
		typ, m.Ephemeral = discordgo.InteractionResponseChannelMessageWithSource, true
	}
	err = b.dc.Respond(i, typ, m)
	if !same { // the move is committed: the next player hears of it whatever became of the answer
		b.announce(ctx, s, changes)
	}
	if err != nil {
		return fmt.Errorf("answering the click: %w", err)
	}
	return nil
}
