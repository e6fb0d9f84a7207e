package fakediscord_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"kilab/internal/fakediscord"
)

// A world saved and read back holds the same users, locales, channels and
// messages, decoded again, and hands out ids after the saved ones.
func TestWorldSurvivesARestart(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	s := connect(t, srv, nil)
	ana := srv.AddUser("ana")
	srv.SetLocale(ana.ID, "de")
	board := boardMessage(t, s, srv.ChannelID())
	th, err := s.MessageThreadStart(srv.ChannelID(), board.ID, "Aseb - ana vs bo", 1440)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "in the thread"); err != nil {
		t.Fatal(err)
	}
	dm := srv.DMChannel(ana.ID)
	if _, err := s.ChannelMessageSend(dm, "your turn"); err != nil {
		t.Fatal(err)
	}
	var saved bytes.Buffer
	if err := srv.SaveWorld(&saved); err != nil {
		t.Fatal(err)
	}
	w, err := fakediscord.ReadWorld(&saved)
	if err != nil {
		t.Fatal(err)
	}
	again := fakediscord.New(t, fakediscord.WithWorld(w))
	if again.Bot().ID != srv.Bot().ID || again.Guild().ID != srv.Guild().ID || again.ChannelID() != srv.ChannelID() {
		t.Fatalf("bot, guild or channel changed: %v %v %v", again.Bot(), again.Guild(), again.ChannelID())
	}
	if u, ok := again.User(ana.ID); !ok || u.Username != "ana" || again.Locale(ana.ID) != "de" {
		t.Fatalf("ana came back as %+v (%v), locale %s", u, ok, again.Locale(ana.ID))
	}
	if again.DMChannel(ana.ID) != dm {
		t.Fatal("ana's DM channel changed")
	}
	for _, ch := range []string{srv.ChannelID(), th.ID, dm} {
		before, after := srv.Messages(ch), again.Messages(ch)
		if len(before) != len(after) {
			t.Fatalf("channel %s: %d messages, then %d", ch, len(before), len(after))
		}
		for i := range before {
			b, a := before[i], after[i]
			if a.ID != b.ID || a.Content != b.Content || len(a.Components) != len(b.Components) || a.ThreadID != b.ThreadID {
				t.Errorf("message %s came back as %+v", b.ID, a)
			}
		}
	}
	if sel := again.Messages(srv.ChannelID())[0].Selects(); len(sel) != 1 || len(sel[0].Options) != 2 {
		t.Errorf("the board's select came back as %+v", sel)
	}
	if got, ok := again.Channel(th.ID); !ok || !got.IsThread() || got.ParentID != srv.ChannelID() {
		t.Errorf("the thread came back as %+v (%v)", got, ok)
	}
}

// Saving while the fake changes (a DM opened, a locale set) reads a copy:
// the race detector and the runtime's map checks find nothing.
func TestSaveWhileChanging(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 200 {
			u := srv.AddUser(fmt.Sprint("p", i))
			srv.DMChannel(u.ID)
			srv.SetLocale(u.ID, "de")
		}
	}()
	for saving := true; saving; {
		select {
		case <-done:
			saving = false
		default:
		}
		if err := srv.SaveWorld(io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}
