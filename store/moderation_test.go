package store

import (
	"context"
	"errors"
	"slices"
	"testing"

	"kilab/games"
	"kilab/tournament"
)

// wantLog checks the server's log, newest first, by action, moderator and
// target or item.
func wantLog(t *testing.T, db *DB, g string, want ...ModAction) {
	t.Helper()
	got, err := db.ModerationLog(context.Background(), g, 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("log of %s has %d lines, want %d: %+v", g, len(got), len(want), got)
	}
	for i, w := range want {
		a := got[i]
		if a.Action != w.Action || a.Moderator != w.Moderator || a.Target != w.Target || a.Item != w.Item || a.GuildID != g || a.At.IsZero() {
			t.Errorf("log line %d: %+v, want %+v", i, a, w)
		}
	}
}

func TestModerationSettingsAndBans(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	if m, err := db.Moderation(ctx, guild); err != nil || m.Role != "" || len(m.Channels) != 0 {
		t.Fatalf("a server never moderated: %+v, %v", m, err)
	}
	if err := db.SetModeratorRole(ctx, guild, "r1", "mod"); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{"c2", "c1", "c2"} {
		if _, err := db.AllowChallenges(ctx, guild, ch, "mod"); err != nil {
			t.Fatal(err)
		}
	}
	if added, err := db.AllowChallenges(ctx, guild, "c1", "mod"); err != nil || added {
		t.Errorf("allowing a channel twice: added %v, %v", added, err)
	}
	m, err := db.Moderation(ctx, guild)
	if err != nil || m.Role != "r1" || !slices.Equal(m.Channels, []string{"c1", "c2"}) {
		t.Fatalf("settings: %+v, %v", m, err)
	}
	if other, _ := db.Moderation(ctx, "g2"); other.Role != "" || len(other.Channels) != 0 {
		t.Errorf("another server's settings: %+v", other)
	}
	if removed, err := db.DisallowChallenges(ctx, guild, "c9", "mod"); err != nil || removed {
		t.Errorf("taking off a channel not listed: %v, %v", removed, err)
	}
	if removed, err := db.DisallowChallenges(ctx, guild, "c2", "mod"); err != nil || !removed {
		t.Errorf("taking off c2: %v, %v", removed, err)
	}
	if cleared, err := db.ClearChallengeChannels(ctx, guild, "boss"); err != nil || !cleared {
		t.Errorf("clearing: %v, %v", cleared, err)
	}
	if err := db.SetModeratorRole(ctx, guild, "", "boss"); err != nil {
		t.Fatal(err)
	}
	if m, _ := db.Moderation(ctx, guild); m.Role != "" || len(m.Channels) != 0 {
		t.Errorf("after clearing: %+v", m)
	}

	if banned, err := db.Ban(ctx, guild, "bo", "mod"); err != nil || !banned {
		t.Fatalf("ban: %v, %v", banned, err)
	}
	if again, err := db.Ban(ctx, guild, "bo", "boss"); err != nil || again {
		t.Errorf("banning twice: %v, %v", again, err)
	}
	if who, err := db.Banned(ctx, guild, "ana", "", "bo"); err != nil || who != "bo" {
		t.Errorf("Banned(ana, bo) = %q, %v; want bo", who, err)
	}
	if who, _ := db.Banned(ctx, "g2", "bo"); who != "" {
		t.Errorf("bo is banned on another server too: %q", who)
	}
	if bans, err := db.Bans(ctx, guild); err != nil || len(bans) != 1 || bans[0].User != "bo" || bans[0].By != "mod" {
		t.Errorf("bans: %+v, %v", bans, err)
	}
	if lifted, err := db.Unban(ctx, guild, "bo", "boss"); err != nil || !lifted {
		t.Errorf("unban: %v, %v", lifted, err)
	}
	if lifted, _ := db.Unban(ctx, guild, "bo", "boss"); lifted {
		t.Error("unbanned twice")
	}
	if who, _ := db.Banned(ctx, guild, "bo"); who != "" {
		t.Errorf("bo still banned: %q", who)
	}
	wantLog(t, db, guild,
		ModAction{Action: ModUnban, Moderator: "boss", Target: "bo"},
		ModAction{Action: ModBan, Moderator: "mod", Target: "bo"},
		ModAction{Action: ModRoleClear, Moderator: "boss"},
		ModAction{Action: ModChannelsClear, Moderator: "boss"},
		ModAction{Action: ModChannelRemove, Moderator: "mod", Target: "c2"},
		ModAction{Action: ModChannelAdd, Moderator: "mod", Target: "c1"},
		ModAction{Action: ModChannelAdd, Moderator: "mod", Target: "c2"},
		ModAction{Action: ModRoleSet, Moderator: "mod", Target: "r1"},
	)
}

// A moderator's abort ends the game unrated, tells both players as any end
// does, and says in the game who aborted it.
func TestAbortByModerator(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	g := newGame(t, db)
	g = move(t, db, g, games.First, "a")
	g = move(t, db, g, games.Second, "b")
	if _, err := db.AbortByModerator(ctx, g.ID, "g2", "mod"); !errors.Is(err, ErrNotFound) {
		t.Errorf("aborting from another server: %v", err)
	}
	done, err := db.AbortByModerator(ctx, g.ID, guild, "mod")
	if err != nil {
		t.Fatal(err)
	}
	if done.Result != Aborted || done.Reason != ReasonModerator("mod") || done.RatingDelta != [2]float64{} || !done.Deadline.IsZero() {
		t.Errorf("aborted game: %v %q delta %v deadline %v", done.Result, done.Reason, done.RatingDelta, done.Deadline)
	}
	if who, ok := AbortedBy(done.Reason); !ok || who != "mod" {
		t.Errorf("AbortedBy(%q) = %q, %v", done.Reason, who, ok)
	}
	if _, err := db.Standing(ctx, guild, "aseb", "ana"); !errors.Is(err, ErrNotFound) {
		t.Errorf("ana rated by an aborted game: %v", err)
	}
	as, _, err := db.Announcements(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	dms := map[string]bool{}
	retire := false
	for _, a := range as {
		if a.Version != done.Version {
			continue
		}
		dms[a.User] = dms[a.User] || a.Kind == AnnounceResultDM
		retire = retire || a.Kind == AnnounceRetire
	}
	if !dms["ana"] || !dms["bo"] || !retire {
		t.Errorf("the end's announcements: %+v", as)
	}
	if _, err := db.AbortByModerator(ctx, g.ID, guild, "mod"); !errors.Is(err, ErrFinished) {
		t.Errorf("aborting twice: %v", err)
	}
	wantLog(t, db, guild, ModAction{Action: ModAbort, Moderator: "mod", Item: g.ID})
}

func TestAbortedByReadsOnlyModeratorReasons(t *testing.T) {
	t.Parallel()
	for _, r := range []string{ReasonAbort, ReasonResignation, "aborted by a moderator", "aborted by a moderator <@1", ""} {
		if who, ok := AbortedBy(r); ok {
			t.Errorf("AbortedBy(%q) = %q", r, who)
		}
	}
}

// A game of a running tournament needs a result; once the tournament is
// called off its games are ordinary ones, and a moderator may abort them.
func TestAbortTournamentGame(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	tm := newTournament(t, db, tournament.RoundRobin, 0, "a", "b", "c", "d")
	if _, err := db.StartTournament(ctx, tm.ID); err != nil {
		t.Fatal(err)
	}
	_, gs := roundGames(t, db, tm.ID)
	if len(gs) != 2 {
		t.Fatalf("%d games in the first round", len(gs))
	}
	if _, err := db.AbortByModerator(ctx, gs[0].ID, guild, "mod"); !errors.Is(err, ErrTournamentGame) {
		t.Fatalf("aborting a running tournament's game: %v", err)
	}
	if err := db.CancelTournamentByModerator(ctx, tm.ID, "mod"); err != nil {
		t.Fatal(err)
	}
	if err := db.CancelTournamentByModerator(ctx, tm.ID, "mod"); !errors.Is(err, ErrClosed) {
		t.Errorf("cancelling twice: %v", err)
	}
	if now, _ := db.Tournament(ctx, tm.ID); now.Status != TournamentCancelled {
		t.Errorf("tournament %s", now.Status)
	}
	if g, err := db.AbortByModerator(ctx, gs[0].ID, guild, "mod"); err != nil || g.Result != Aborted {
		t.Fatalf("aborting the cancelled tournament's game: %v %v", g.Result, err)
	}
	wantLog(t, db, guild,
		ModAction{Action: ModAbort, Moderator: "mod", Item: gs[0].ID},
		ModAction{Action: ModCancelTournament, Moderator: "mod", Item: tm.ID})
}

func TestCancelChallengeByModerator(t *testing.T) {
	ctx := context.Background()
	db, _ := newDB(t)
	c := newChallenge(t, db, "bo")
	if _, err := db.CancelChallengeByModerator(ctx, c.ID, "g2", "mod"); !errors.Is(err, ErrNotFound) {
		t.Errorf("cancelling from another server: %v", err)
	}
	got, err := db.CancelChallengeByModerator(ctx, c.ID, guild, "mod")
	if err != nil || got.Status != ChallengeCancelled {
		t.Fatalf("cancel: %v, %v", got.Status, err)
	}
	if _, err := db.CancelChallengeByModerator(ctx, c.ID, guild, "mod"); !errors.Is(err, ErrClosed) {
		t.Errorf("cancelling twice: %v", err)
	}
	if _, err := db.AcceptChallenge(ctx, c.ID, "bo", start("ana", "bo")); !errors.Is(err, ErrClosed) {
		t.Errorf("accepting a cancelled challenge: %v", err)
	}
	wantLog(t, db, guild, ModAction{Action: ModCancelChallenge, Moderator: "mod", Item: c.ID})
	wantLog(t, db, "g2")
}
