package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A server's moderation: who moderates besides the members with Manage
// Server (a role the server names), where new challenges may be made, who
// may not play there, and the log of what its moderators did. Each change
// and its line in the log are one transaction, so no action goes unlogged.

// Moderation is a server's moderation settings.
type Moderation struct {
	// Role is the role whose members moderate, besides those with Manage
	// Server; "" for none.
	Role string
	// Channels are where new challenges may be made, in the order they were
	// added; none means anywhere.
	Channels []string
}

// Ban is a member kept from starting or accepting games on a server.
type Ban struct {
	User string
	By   string
	At   time.Time
}

// ModAction is one line of a server's moderation log.
type ModAction struct {
	ID        int64
	GuildID   string
	Moderator string
	Action    string // one of the Mod constants
	// Target is the user, channel or role acted on; "" for none.
	Target string
	// Item is the game, challenge or tournament acted on; 0 for none.
	Item int64
	At   time.Time
}

// The actions of the moderation log.
const (
	ModAbort            = "abort"
	ModCancelChallenge  = "cancel_challenge"
	ModCancelTournament = "cancel_tournament"
	ModBan              = "ban"
	ModUnban            = "unban"
	ModChannelAdd       = "channel_add"
	ModChannelRemove    = "channel_remove"
	ModChannelsClear    = "channels_clear"
	ModRoleSet          = "role_set"
	ModRoleClear        = "role_clear"
	ModDailyPuzzle      = "daily_puzzle"
	ModDailyPuzzleOff   = "daily_puzzle_off"
	ModWeb              = "web" // Target: the mode chosen
	ModDefaults         = "defaults"
)

// Defaults are a server's defaults for the /challenge options a challenger
// leaves out, chosen by its moderators; zero Days and nil Rated are the
// bot's own.
type Defaults struct {
	Days  int
	Rated *bool
}

// SetDefaults sets guild's defaults for new challenges, moderator by
// acting: a zero Days or a nil Rated leaves that default as it was. It
// reports whether anything changed, which is then logged.
func (db *DB) SetDefaults(ctx context.Context, guild string, d Defaults, by string) (bool, error) {
	days, rated := sql.NullInt64{Int64: int64(d.Days), Valid: d.Days > 0}, sql.NullInt64{Valid: d.Rated != nil}
	if d.Rated != nil {
		rated.Int64 = int64(boolInt(*d.Rated))
	}
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModDefaults},
		`INSERT INTO moderation (guild_id, default_days, default_rated) VALUES (?, ?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET default_days = COALESCE(excluded.default_days, moderation.default_days),
				default_rated = COALESCE(excluded.default_rated, moderation.default_rated)
			WHERE moderation.default_days IS DISTINCT FROM COALESCE(excluded.default_days, moderation.default_days)
				OR moderation.default_rated IS DISTINCT FROM COALESCE(excluded.default_rated, moderation.default_rated)`,
		guild, days, rated)
}

// DefaultsOf are guild's defaults for new challenges.
func (db *DB) DefaultsOf(ctx context.Context, guild string) (Defaults, error) {
	var days, rated sql.NullInt64
	err := db.read.QueryRowContext(ctx, `SELECT default_days, default_rated FROM moderation WHERE guild_id = ?`, guild).Scan(&days, &rated)
	if errors.Is(err, sql.ErrNoRows) {
		return Defaults{}, nil
	}
	d := Defaults{Days: int(days.Int64)}
	if rated.Valid {
		r := rated.Int64 == 1
		d.Rated = &r
	}
	return d, err
}

// reasonModerator starts the reason of a game a moderator aborted; the
// moderator's mention follows, so that the game's record says who.
const reasonModerator = "aborted by a moderator"

// ReasonModerator is the end reason of a game user aborted as a moderator.
func ReasonModerator(user string) string { return reasonModerator + " <@" + user + ">" }

// AbortedBy is the moderator a game's end reason names, and whether it is
// a moderator's abort at all.
func AbortedBy(reason string) (string, bool) {
	rest, ok := strings.CutPrefix(reason, reasonModerator+" <@")
	if !ok || !strings.HasSuffix(rest, ">") {
		return "", false
	}
	return strings.TrimSuffix(rest, ">"), true
}

// ErrTournamentGame: a game of a running tournament cannot be aborted, its
// pairing needs a result; the tournament must be cancelled first.
var ErrTournamentGame = errors.New("store: game of a running tournament")

// Moderation returns a server's moderation settings.
func (db *DB) Moderation(ctx context.Context, guild string) (Moderation, error) {
	var m Moderation
	err := db.read.QueryRowContext(ctx, `SELECT moderator_role FROM moderation WHERE guild_id = ?`, guild).Scan(&m.Role)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return m, err
	}
	m.Channels, err = queryAll(ctx, db.read, scanString,
		`SELECT channel_id FROM challenge_channels WHERE guild_id = ? ORDER BY channel_id`, guild)
	return m, err
}

func scanString(s scanner) (string, error) {
	var v string
	err := s.Scan(&v)
	return v, err
}

// SetModeratorRole names the role whose members moderate the server, by
// moderator by; "" names none.
func (db *DB) SetModeratorRole(ctx context.Context, guild, role, by string) error {
	action := ModRoleSet
	if role == "" {
		action = ModRoleClear
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO moderation (guild_id, moderator_role) VALUES (?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET moderator_role = excluded.moderator_role`, guild, role); err != nil {
			return err
		}
		return db.logAction(ctx, tx, ModAction{GuildID: guild, Moderator: by, Action: action, Target: role})
	})
}

// AllowChallenges adds channel to those new challenges may be made in. It
// reports false, and logs nothing, when the channel was among them already.
func (db *DB) AllowChallenges(ctx context.Context, guild, channel, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModChannelAdd, Target: channel},
		`INSERT INTO challenge_channels (guild_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, guild, channel)
}

// DisallowChallenges takes channel off those new challenges may be made
// in. It reports false, and logs nothing, when the channel was not among
// them.
func (db *DB) DisallowChallenges(ctx context.Context, guild, channel, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModChannelRemove, Target: channel},
		`DELETE FROM challenge_channels WHERE guild_id = ? AND channel_id = ?`, guild, channel)
}

// ClearChallengeChannels lets new challenges be made in any channel again.
// It reports false, and logs nothing, when no channel was listed.
func (db *DB) ClearChallengeChannels(ctx context.Context, guild, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModChannelsClear},
		`DELETE FROM challenge_channels WHERE guild_id = ?`, guild)
}

// Ban keeps user from starting or accepting games on the server. It
// reports false, and logs nothing, when they were kept from them already.
func (db *DB) Ban(ctx context.Context, guild, user, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModBan, Target: user},
		`INSERT INTO guild_bans (guild_id, user_id, banned_by, banned_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		guild, user, by, db.now().UnixMilli())
}

// Unban lets user start and accept games on the server again. It reports
// false, and logs nothing, when they were not kept from them.
func (db *DB) Unban(ctx context.Context, guild, user, by string) (bool, error) {
	return db.changeAndLog(ctx, ModAction{GuildID: guild, Moderator: by, Action: ModUnban, Target: user},
		`DELETE FROM guild_bans WHERE guild_id = ? AND user_id = ?`, guild, user)
}

// changeAndLog runs one statement and, when it changed a row, logs a.
func (db *DB) changeAndLog(ctx context.Context, a ModAction, query string, args ...any) (bool, error) {
	var changed bool
	err := db.update(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if changed = n > 0; err != nil || !changed {
			return err
		}
		return db.logAction(ctx, tx, a)
	})
	return changed, err
}

// Bans are the members kept from games on the server, in the order they
// were banned.
func (db *DB) Bans(ctx context.Context, guild string) ([]Ban, error) {
	return queryAll(ctx, db.read, func(s scanner) (Ban, error) {
		var (
			b  Ban
			at int64
		)
		err := s.Scan(&b.User, &b.By, &at)
		b.At = time.UnixMilli(at).UTC()
		return b, err
	}, `SELECT user_id, banned_by, banned_at FROM guild_bans WHERE guild_id = ? ORDER BY banned_at, user_id`, guild)
}

// Banned is the first of users kept from games on the server, or "" when
// none is.
func (db *DB) Banned(ctx context.Context, guild string, users ...string) (string, error) {
	for _, u := range users {
		if u == "" {
			continue
		}
		var one int
		err := db.read.QueryRowContext(ctx, `SELECT 1 FROM guild_bans WHERE guild_id = ? AND user_id = ?`, guild, u).Scan(&one)
		switch {
		case err == nil:
			return u, nil
		case !errors.Is(err, sql.ErrNoRows):
			return "", err
		}
	}
	return "", nil
}

// ModerationLog is the server's latest moderator actions, newest first.
func (db *DB) ModerationLog(ctx context.Context, guild string, limit int) ([]ModAction, error) {
	return queryAll(ctx, db.read, func(s scanner) (ModAction, error) {
		var (
			a  ModAction
			at int64
		)
		err := s.Scan(&a.ID, &a.GuildID, &a.Moderator, &a.Action, &a.Target, &a.Item, &at)
		a.At = time.UnixMilli(at).UTC()
		return a, err
	}, `SELECT id, guild_id, moderator, action, target, item, at FROM moderation_log
		WHERE guild_id = ? ORDER BY id DESC LIMIT ?`, guild, limit)
}

func (db *DB) logAction(ctx context.Context, tx *sql.Tx, a ModAction) error {
	if a.GuildID == "" || a.Moderator == "" || a.Action == "" {
		return fmt.Errorf("moderation log line %+v: %w", a, ErrInvalid)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO moderation_log (guild_id, moderator, action, target, item, at)
		VALUES (?, ?, ?, ?, ?, ?)`, a.GuildID, a.Moderator, a.Action, a.Target, a.Item, db.now().UnixMilli())
	return err
}

// AbortByModerator ends game id of server guild, unrated, as aborted by
// moderator by, telling both players as any other end does (the
// announcements are written with it) and logging it. A game of another
// server is ErrNotFound, one over ErrFinished, and one of a running
// tournament ErrTournamentGame.
func (db *DB) AbortByModerator(ctx context.Context, id int64, guild, by string) (Game, error) {
	var g Game
	err := db.update(ctx, func(tx *sql.Tx) error {
		old, err := db.lockGame(ctx, tx, id)
		switch {
		case err != nil:
			return err
		case old.GuildID != guild:
			return fmt.Errorf("game %d is not of server %s: %w", id, guild, ErrNotFound)
		case !old.Active():
			return fmt.Errorf("game %d ended (%v): %w", id, old.Result, ErrFinished)
		}
		if old.Tournament != 0 {
			t, err := getTournament(ctx, tx, old.Tournament)
			if err != nil {
				return err
			}
			if t.Status == TournamentRunning {
				return fmt.Errorf("game %d of tournament %d: %w", id, t.ID, ErrTournamentGame)
			}
		}
		g, _, err = db.commit(ctx, tx, old, Commit{Game: id, Version: old.Version,
			End: &End{Result: Aborted, Reason: ReasonModerator(by)}, Announce: true})
		if err != nil {
			return err
		}
		return db.logAction(ctx, tx, ModAction{GuildID: guild, Moderator: by, Action: ModAbort, Item: id})
	})
	return g, err
}

// CancelChallengeByModerator withdraws open challenge id of server guild
// on moderator by's word, and logs it. A challenge of another server is
// ErrNotFound.
func (db *DB) CancelChallengeByModerator(ctx context.Context, id int64, guild, by string) (Challenge, error) {
	var c Challenge
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		if c, err = getChallenge(ctx, tx, id); err != nil {
			return err
		}
		if c.GuildID != guild {
			return fmt.Errorf("challenge %d is not of server %s: %w", id, guild, ErrNotFound)
		}
		if c, err = db.openChallenge(ctx, tx, id); err != nil {
			return err
		}
		if err := db.closeChallenge(ctx, tx, id, ChallengeCancelled); err != nil {
			return err
		}
		if c, err = getChallenge(ctx, tx, id); err != nil {
			return err
		}
		return db.logAction(ctx, tx, ModAction{GuildID: guild, Moderator: by, Action: ModCancelChallenge, Item: id})
	})
	return c, err
}

// CancelTournamentByModerator calls off tournament id as CancelTournament
// does, on the word of moderator by, who is not its creator, and logs it.
func (db *DB) CancelTournamentByModerator(ctx context.Context, id int64, by string) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE tournaments SET status = 'cancelled', finished_at = ?
			WHERE id = ? AND status IN ('open', 'running')`, db.now().UnixMilli(), id)
		if err != nil {
			return err
		}
		if err := mustAffect(res, fmt.Errorf("tournament %d is over: %w", id, ErrClosed)); err != nil {
			return err
		}
		return db.logAction(ctx, tx, ModAction{GuildID: t.GuildID, Moderator: by, Action: ModCancelTournament, Item: id})
	})
}
