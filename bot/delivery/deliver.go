package delivery

import (
	"context"
	"errors"
	"fmt"
	"kilab/bot/kit"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// Announcements (the next player's board, turn and result DMs, draw offers,
// challenge DMs, a tournament's rounds and final standings) are written by the store in the same transaction as the
// change they announce, and delivered here, after the commit and apart from
// the click that caused them: a crash, a failed answer or Discord being down
// delays them, and nothing loses them. Delivery is at least once; a message is
// created with a nonce Discord enforces, so one sent again after a crash
// before it was marked delivered does not show twice.
//
// Several copies of the bot may share one database (PostgreSQL). Each claims
// what it is about to deliver (store.ClaimAnnouncements) rather than merely
// listing what is due, so two copies never send the same announcement; a
// copy that stops holding claims loses them when their lease runs out, and
// another delivers what they held.
const (
	// deliverBatch is how many announcements a copy claims at a time: few
	// enough that it delivers them well within claimLease, and that copies
	// share the work.
	deliverBatch = 40
	// claimLease is how long a claim keeps other copies off: longer than a
	// batch takes, short enough that a crashed copy's claims come back soon
	// (and within the minutes Discord remembers a nonce for).
	claimLease = 2 * time.Minute
	// deliverPoll is how often the loop looks for announcements due without
	// being woken: retries whose backoff ran out.
	deliverPoll = time.Second
	// maxAttempts bounds the retries of an announcement Discord keeps
	// failing (429, 5xx, network errors); the backoff makes that about a day.
	maxAttempts = 160
	maxBackoff  = 10 * time.Minute
)

// Run delivers announcements until ctx ends: at once when kicked,
// and every deliverPoll for retries.
func (b *Delivery) Run(ctx context.Context) {
	t := time.NewTicker(deliverPoll)
	defer t.Stop()
	for {
		if err := b.Deliver(ctx); err != nil && ctx.Err() == nil {
			b.Log.Error("delivering announcements", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-b.wake:
		case <-t.C:
		}
	}
}

// Deliver delivers every announcement due now. The loop calls it; tests call
// it to deliver at a point of their choosing.
//
// Retirements of old boards go last and out of step: Discord's requests are
// the scarce thing, and the next player's board and DM must not wait for
// the tidying of the last move. A batch's retirements are started after its
// other announcements are delivered and go on while the next batch is
// claimed and delivered (their requests wait, under load, for those of the
// boards: kit.Message.Background), up to tidyWorkers at once. A game's next
// board and DMs do not wait for its retirement either (the claims let them
// past it); anything else of the game does. Deliver returns once they are
// done too.
func (b *Delivery) Deliver(ctx context.Context) error {
	b.delivering.Lock()
	defer b.delivering.Unlock()
	t := b.newTidying()
	defer t.wg.Wait()
	for ctx.Err() == nil {
		due, err := b.DB.ClaimAnnouncements(ctx, b.instance, deliverBatch, claimLease)
		if err != nil {
			return err
		}
		if len(due) == 0 {
			if len(t.slots) == 0 {
				return nil
			}
			// What is left may wait for a retirement under way: look again
			// when one ends, or a commit wrote more.
			select {
			case <-t.finished:
			case <-b.wake:
			case <-ctx.Done():
			}
			continue
		}
		// A tournament's notices after the games' own, so that a round's
		// notice can usually link the threads their start announcements
		// open: the starts, older, are claimed with it or before it (one
		// whose start is waiting out a retry links the channel instead).
		others, tournaments := splitTournaments(due)
		urgent, retirements := splitRetirements(others)
		b.deliverAll(ctx, urgent)
		t.start(ctx, retirements)
		b.deliverAll(ctx, tournaments)
	}
	return nil
}

// tidyWorkers is how many retirements a copy has under way at once, beyond
// the other deliveries: when all are busy the next batch waits for one, so
// that retirements lag under load but never pile up past their claims.
const tidyWorkers = deliverWorkers

// tidying is the retirements one Deliver has under way.
type tidying struct {
	b        *Delivery
	slots    chan struct{}
	finished chan struct{} // a nudge as each ends
	wg       sync.WaitGroup
}

func (b *Delivery) newTidying() *tidying {
	return &tidying{b: b, slots: make(chan struct{}, tidyWorkers), finished: make(chan struct{}, 1)}
}

// start starts delivering the retirements as slots free up, and returns
// once each has started.
func (t *tidying) start(ctx context.Context, retirements []store.Announcement) {
	for _, a := range retirements {
		t.slots <- struct{}{}
		t.wg.Go(func() {
			defer func() {
				<-t.slots
				select {
				case t.finished <- struct{}{}:
				default:
				}
			}()
			t.b.deliverOne(ctx, a)
		})
	}
}

// splitRetirements separates the retirements of old boards from the other
// announcements, keeping the order of each.
func splitRetirements(as []store.Announcement) (others, retirements []store.Announcement) {
	for _, a := range as {
		if a.Kind == store.AnnounceRetire {
			retirements = append(retirements, a)
		} else {
			others = append(others, a)
		}
	}
	return others, retirements
}

// splitTournaments separates the announcements about tournaments from the
// others, keeping the order of each.
func splitTournaments(as []store.Announcement) (others, tournaments []store.Announcement) {
	for _, a := range as {
		if a.Tournament != 0 {
			tournaments = append(tournaments, a)
		} else {
			others = append(others, a)
		}
	}
	return others, tournaments
}

// deliverWorkers is how many announcements a copy delivers at once. Those of
// one claim belong to different games (a game's wait for its older ones), so
// they may go out side by side: a delivery spends most of its time waiting
// for Discord and the database, and one at a time a copy would fall behind
// a busy server's moves. Sixteen, not eight, since boards became cheap to
// draw: a claim waits for the slowest of its batch, and with eight the
// burst of a thousand games starting at once kept next boards waiting
// seconds (the load test on PostgreSQL: next board p99 3.4 s; 0.23 s with
// sixteen and batches of forty).
const deliverWorkers = 16

// deliverAll delivers due, up to deliverWorkers at once, and returns when
// every one has been delivered or put off.
func (b *Delivery) deliverAll(ctx context.Context, due []store.Announcement) {
	var wg sync.WaitGroup
	slots := make(chan struct{}, deliverWorkers)
	for _, a := range due {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			b.deliverOne(ctx, a)
		})
	}
	wg.Wait()
}

// deliverOne delivers a and records how it went, in the database and the
// metrics. Its logs carry the announcement's ids (announcementLog).
func (b *Delivery) deliverOne(ctx context.Context, a store.Announcement) {
	log := announcementLog(b.Log, a)
	var requests atomic.Int64
	ctx = kit.WithTally(kit.WithLog(ctx, log), &requests)
	err := b.announcement(ctx, a)
	if b.onRequests != nil {
		b.onRequests(a.Kind, int(requests.Load()))
	}
	var (
		sk   kit.Skip
		hold kit.Hold
	)
	outcome, counted := "sent", "sent"
	switch {
	case err == nil:
	case errors.As(err, &hold):
		log.Debug("announcement held for quiet hours", "until", hold.Until)
		b.counted(a.Kind, "held")
		if herr := b.DB.PutOff(ctx, a.ID, hold.Until); herr != nil {
			log.Error("holding an announcement", "err", herr)
		}
		return
	case errors.As(err, &sk):
		outcome, counted = sk.Error(), "skipped"
	case errors.Is(err, kit.ErrLater) || (transient(err) && a.Attempts < maxAttempts):
		log.Warn("announcement will be retried", "attempt", a.Attempts+1, "err", err)
		b.counted(a.Kind, "retried")
		putOff := b.DB.Retry
		if errors.Is(err, kit.ErrLater) {
			putOff = b.DB.Later // unless what it waits for came meanwhile
		}
		if rerr := putOff(ctx, a.ID, b.DB.Now().Add(backoff(a.Attempts))); rerr != nil {
			log.Error("putting an announcement off", "err", rerr)
		}
		return
	default:
		log.Error("announcement given up", "err", err)
		outcome, counted = "failed: "+kit.Clip(err.Error(), 200), "given_up"
	}
	b.counted(a.Kind, counted)
	err = b.DB.Delivered(ctx, a.ID, outcome)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// Another copy of the bot on this database (another shard's process)
		// delivered it too and marked it first; Discord kept one message of
		// the two by their shared nonce.
		log.Debug("announcement delivered by another process")
	case err != nil:
		log.Error("marking an announcement delivered", "err", err)
	}
}

// announcementLog derives the logger of one delivery: the announcement, its
// kind, and the game, challenge or tournament it is about.
func announcementLog(l *slog.Logger, a store.Announcement) *slog.Logger {
	l = l.With("announcement", a.ID, "kind", a.Kind)
	switch {
	case a.Game != 0:
		return l.With("game", a.Game)
	case a.Tournament != 0:
		return l.With("tournament", a.Tournament)
	}
	return l.With("challenge", a.Challenge)
}

// backoff is the wait before retry n+1: 1 s doubling up to maxBackoff.
func backoff(attempts int) time.Duration {
	d := time.Second
	for range attempts {
		if d *= 2; d >= maxBackoff {
			return maxBackoff
		}
	}
	return d
}

// transient reports whether Discord may well accept the same request later:
// rate limits, its own failures, and network errors.
func transient(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Response == nil {
			return true
		}
		return re.Response.StatusCode == http.StatusTooManyRequests || re.Response.StatusCode >= 500
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	return !errors.Is(err, store.ErrNotFound) // a network error, a busy database
}

// announcement delivers one announcement by its kind: the game's own here,
// the others by the feature that announced them (Config.Kinds).
func (b *Delivery) announcement(ctx context.Context, a store.Announcement) error {
	if deliver, ok := b.kinds[a.Kind]; ok {
		if a.Kind == store.AnnounceVacation {
			if err := b.redraw(ctx, a); err != nil {
				return err
			}
		}
		return deliver(ctx, a)
	}
	if a.Kind == store.AnnounceDigest {
		return b.deliverDigest(ctx, a)
	}
	g, err := b.DB.Game(ctx, a.Game)
	if err != nil {
		return err
	}
	switch a.Kind {
	case store.AnnounceStart:
		return b.deliverStart(ctx, g)
	case store.AnnounceBoard, store.AnnounceTurnDM, store.AnnounceResultDM:
		return b.deliverBoard(ctx, a, g)
	case store.AnnounceRetire:
		return b.retire(ctx, g, a.Version)
	case store.AnnounceDrawOffer:
		return b.deliverDrawOffer(ctx, a, g)
	case store.AnnounceRefresh:
		return b.refresh(ctx, a, g)
	}
	return kit.Skip("unknown kind " + a.Kind)
}

// deliverBoard posts the game's board in its thread, in the server's
// language, or DMs it to a player, in theirs, as the game stands now (its
// buttons carry the current version). An older announcement a newer one of
// the same kind replaces says nothing.
func (b *Delivery) deliverBoard(ctx context.Context, a store.Announcement, g store.Game) error {
	if old, err := b.DB.Superseded(ctx, a); err != nil || old {
		return errors.Join(err, kit.SkipIf(old, "a newer one replaces it"))
	}
	if a.Kind == store.AnnounceTurnDM && !onMove(g, a.User) {
		return kit.Skip("no longer their turn")
	}
	if a.Kind != store.AnnounceBoard {
		if err := b.readerChose(ctx, a); err != nil {
			return err
		}
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	if a.Kind == store.AnnounceTurnDM && !onMove(s.G, a.User) {
		// They moved between the two reads: the board as it stands now is
		// not their turn's.
		return kit.Skip("no longer their turn")
	}
	if a.Kind == store.AnnounceBoard {
		l := b.GameLang(ctx, g)
		m, err := b.Board(l, s, kit.BoardOpts{Controls: true, Mention: true, Note: kit.RatingText(l, a.Changes)})
		if err != nil {
			return err
		}
		m.Nonce = kit.Nonce(a)
		return b.postBoard(ctx, s, m)
	}
	seat, _ := g.Seat(a.User)
	return b.dmBoard(ctx, s, seat, func(l *lang.Lang) (*kit.Message, error) {
		m, err := b.Board(l, s, kit.BoardOpts{Controls: true, Turned: b.Turned(ctx, a.User, s.G)})
		if err != nil {
			return nil, err
		}
		text := kit.TurnDMText(l, s)
		if a.Kind == store.AnnounceResultDM {
			text = kit.ResultDMText(l, s, a.Changes)
		}
		m = kit.DMCopy(m, text)
		m.Nonce = kit.Nonce(a)
		return m, nil
	})
}

// onMove reports whether user is the player on move in g, still in play.
func onMove(g store.Game, user string) bool {
	return g.Active() && g.Players[g.ToMove] == user
}

// postBoard posts a board in the game's thread and records it as its latest.
func (b *Delivery) postBoard(ctx context.Context, s *kit.State, m *kit.Message) error {
	where := kit.ThreadOf(s.G)
	msg, err := b.Discord(ctx).Send(where, m)
	if err != nil {
		return err
	}
	return errors.Join(
		b.DB.SetBoardMessage(ctx, s.G.ID, msg.ID),
		b.DB.AddBoardMessage(ctx, store.BoardMessage{Channel: where, Message: msg.ID, Game: s.G.ID, Version: s.G.Version, Kind: "board", Kept: kit.Kept(m), Lang: string(m.Lang)}))
}

// dmBoard sends a player their copy of the board, made by build in their
// language, if they take DMs.
func (b *Delivery) dmBoard(ctx context.Context, s *kit.State, seat games.Player, build func(*lang.Lang) (*kit.Message, error)) error {
	_, err := b.DMBoard(ctx, s, s.G.Players[seat], store.Settings.CanDM, build)
	return err
}

// DMBoard sends user a copy of s's board that build makes in their
// language, if want says they take it, and records it among the game's
// boards, so that the next move retires it as it does the thread's: a
// turn's DM, a result's, a reminder. sent is false where nothing went (not
// wanted, or their DMs are closed).
func (b *Delivery) DMBoard(ctx context.Context, s *kit.State, user string, want func(store.Settings) bool, build func(*lang.Lang) (*kit.Message, error)) (sent bool, err error) {
	var built *kit.Message
	ch, msg, err := b.SendDM(ctx, user, s.G.GuildID, want, func(l *lang.Lang) (*kit.Message, error) {
		m, err := build(l)
		built = m
		return m, err
	})
	if err != nil || msg == nil {
		return false, err
	}
	copied := store.BoardMessage{Channel: ch, Message: msg.ID, Game: s.G.ID, Version: s.G.Version, Kind: "dm", Kept: kit.Kept(built), Lang: string(built.Lang)}
	if err := b.DB.AddBoardMessage(ctx, copied); err != nil || !onMove(s.G, user) {
		return true, err
	}
	return true, b.retireIfMoved(ctx, copied, user)
}

// retireIfMoved retires the copy of their turn's board just sent to user if
// their turn is over by now: they may move from the thread while the copy is
// on its way. A move committed after this read announces its own
// retirement, which waits for this delivery to finish and so finds the copy
// recorded.
func (b *Delivery) retireIfMoved(ctx context.Context, sent store.BoardMessage, user string) error {
	g, err := b.DB.Game(ctx, sent.Game)
	if err != nil || onMove(g, user) {
		return err
	}
	return b.retireOne(ctx, b.messageLangs(ctx, g)(sent), g, sent)
}

// deliverStart opens a new game's thread under its challenge and says there
// how the first player was decided. Where the bot may not create threads the
// game lives in the channel instead.
func (b *Delivery) deliverStart(ctx context.Context, g store.Game) error {
	opening, err := b.OpeningOf(ctx, b.GameLang(ctx, g), g)
	if err != nil {
		return err
	}
	starter := &kit.Message{Content: kit.Clip(opening, 2000), Nonce: fmt.Sprintf("kilab-o%d", g.ID)}
	if g.ThreadID == "" {
		if err := b.openThread(ctx, &g, starter); err != nil {
			return err
		}
	}
	if opening != "" && g.ChallengeID != 0 {
		_, err = b.Discord(ctx).Send(kit.ThreadOf(g), starter)
	}
	if err == nil && g.Tournament != 0 {
		// A tournament's games are created by the store as a round starts, with
		// no click to play a first throw the player wants played for them.
		b.AutoStart(ctx, g)
	}
	return err
}

// openThread starts the game's thread from its challenge message, named in
// the server's language. A game with no challenge (a tournament's) has its
// opening line, starter, posted in the channel to start the thread from:
// posted again after a crash, its nonce makes it the same message. A
// thread started from a message takes the message's id, so one already
// started (by a start cut short by a crash) is found again from Discord's
// 160004, where a thread of its own would have been started twice.
func (b *Delivery) openThread(ctx context.Context, g *store.Game, starter *kit.Message) error {
	from, err := b.threadStarter(ctx, *g, starter)
	if err != nil {
		return err
	}
	g2, err := games.Lookup(g.Kind)
	if err != nil {
		return err
	}
	l := b.GameLang(ctx, *g)
	name := l.T("play.thread", "Game", g2.Title(), "First", b.LookupName(l, g.Players[0]), "Second", b.LookupName(l, g.Players[1]))
	if g.Tournament != 0 {
		name = l.T("play.thread_tournament", "Tournament", g.Tournament, "Name", name)
	}
	name = kit.Clip(name, 100)
	thread, err := b.Discord(ctx).Thread(g.ChannelID, from, name)
	switch {
	case kit.ErrorCode(err) == kit.CodeThreadExists && from != "":
		thread = from
	case kit.ErrorCode(err) == kit.CodeMissingPermission || kit.ErrorCode(err) == kit.CodeMissingAccess:
		b.Logger(ctx).Info("no thread permission; the game stays in the channel", "channel", g.ChannelID)
		return nil
	case err != nil:
		return err
	}
	g.ThreadID = thread
	return b.DB.SetThread(ctx, g.ID, thread)
}

// threadStarter is the message g's thread starts from: its challenge's, or
// starter posted in the channel. "" where neither is there: a thread of
// its own.
func (b *Delivery) threadStarter(ctx context.Context, g store.Game, starter *kit.Message) (string, error) {
	if g.ChallengeID != 0 {
		if c, err := b.DB.Challenge(ctx, g.ChallengeID); err == nil {
			return c.MessageID, nil
		}
		return "", nil
	}
	if starter.Content == "" {
		return "", nil
	}
	m, err := b.Discord(ctx).Send(g.ChannelID, starter)
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// deliverDrawOffer posts a standing draw offer with its buttons; an offer
// already answered or lapsed says nothing.
func (b *Delivery) deliverDrawOffer(ctx context.Context, a store.Announcement, g store.Game) error {
	seat, ok := g.Seat(a.User)
	if !ok || !g.Active() || g.DrawOffer != seat {
		return kit.Skip("the offer no longer stands")
	}
	if err := b.retireOffers(ctx, g); err != nil {
		return err
	}
	opp := g.Players[seat.Other()]
	l := b.GameLang(ctx, g)
	offer := &kit.Message{
		Content:  l.T("play.draw_offer", "User", a.User, "Game", g.ID, "Opponent", opp),
		Mentions: []string{opp},
		Nonce:    kit.Nonce(a),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("play.accept_draw"), Style: discordgo.SuccessButton, CustomID: kit.DrawCID("a", g.ID, g.Version)},
			discordgo.Button{Label: l.T("play.decline_draw"), Style: discordgo.DangerButton, CustomID: kit.DrawCID("d", g.ID, g.Version)},
		}}},
	}
	where := kit.ThreadOf(g)
	msg, err := b.Discord(ctx).Send(where, offer)
	if err != nil {
		return err
	}
	return b.DB.AddBoardMessage(ctx, store.BoardMessage{Channel: where, Message: msg.ID, Game: g.ID, Version: g.Version, Kind: "offer", Lang: string(l.Tag())})
}

// retire takes the controls off the game's messages from before version: a
// finished game's boards keep only Rematch. A standing draw offer keeps its
// buttons. A message Discord will not edit (gone, or past its edit limit) is
// left as it is: its buttons answer "out of date" anyway.
func (b *Delivery) retire(ctx context.Context, g store.Game, version int64) error {
	old, err := b.DB.LiveBoards(ctx, g.ID, version)
	if err != nil {
		return err
	}
	langFor := b.messageLangs(ctx, g)
	for _, m := range old {
		if m.Kind == "offer" && g.DrawOffer.Valid() {
			continue
		}
		if err := b.retireOne(ctx, langFor(m), g, m); err != nil {
			return err
		}
	}
	if !g.Active() && version == g.Version {
		// The end's own retirement, after its board: an older one
		// delivered late sees the game over too, with the end's board
		// still to come.
		return b.archive(ctx, g)
	}
	return nil
}

// archive archives a finished game's own thread, not locked, so that
// people may still talk in it: it is the last thing the game's end does in
// the thread (the final board is posted and the older ones retired before),
// since a message posted in an archived thread brings it back. Archiving
// again is harmless. A game without a thread of its own leaves its channel
// alone, and a thread the bot may not archive (no permission, gone) is left
// as it is and logged rather than tried again.
func (b *Delivery) archive(ctx context.Context, g store.Game) error {
	if g.ThreadID == "" {
		return nil
	}
	err := b.Discord(ctx).ArchiveThread(g.ThreadID)
	switch {
	case err == nil:
		return nil
	case transient(err):
		return err
	}
	b.Logger(ctx).Info("a finished game's thread stays open", "game", g.ID, "thread", g.ThreadID, "err", err)
	return nil
}

// messageLangs returns the language each of g's messages was written in:
// the one recorded with it, else (a message sent before languages were
// recorded) each channel's, looked up once: the server's for the game's
// thread, the player's for their DM copy of a board.
func (b *Delivery) messageLangs(ctx context.Context, g store.Game) func(store.BoardMessage) *lang.Lang {
	seen := map[string]*lang.Lang{}
	return func(m store.BoardMessage) *lang.Lang {
		if m.Lang != "" {
			return lang.For(m.Lang)
		}
		if l, ok := seen[m.Channel]; ok {
			return l
		}
		l := b.GameLang(ctx, g)
		if m.Kind == "dm" {
			l = b.dmReader(ctx, g, m.Channel)
		}
		seen[m.Channel] = l
		return l
	}
}

// dmReader is the language of the player g's DM channel belongs to. A DM
// channel has an id of its own, so it is matched to its player, by the
// channel their settings keep (opened where none is kept yet), only when
// the game's players read different languages; where that fails, the first
// player's language is as good a guess as any.
func (b *Delivery) dmReader(ctx context.Context, g store.Game, channel string) *lang.Lang {
	var sets []store.Settings
	var langs []*lang.Lang
	for p := range games.Player(2) {
		if g.Human(p) {
			set, err := b.DB.Settings(ctx, g.Players[p])
			if err != nil {
				b.Logger(ctx).Warn("could not read a player's settings", "err", err)
			}
			sets, langs = append(sets, set), append(langs, b.DMLang(ctx, set, g.GuildID))
		}
	}
	if len(langs) == 1 || langs[0] == langs[1] {
		return langs[0]
	}
	for k, set := range sets {
		if ch, err := b.DMChannel(ctx, set.User, set.DMChannel); err == nil && ch == channel {
			return langs[k]
		}
	}
	return langs[0]
}

// dmTurned reports whether the DM copy of g's board in channel is drawn
// from its reader's side (kit.Core.Turned): the reader is the player whose
// DM channel it is.
func (b *Delivery) dmTurned(ctx context.Context, g store.Game, channel string) bool {
	for p := range games.Player(2) {
		if !g.Human(p) {
			continue
		}
		set, err := b.DB.Settings(ctx, g.Players[p])
		if err == nil && set.DMChannel == channel {
			return b.Turned(ctx, g.Players[p], g)
		}
	}
	return false
}

// retireOffers takes the buttons off earlier draw offers, before a new one.
func (b *Delivery) retireOffers(ctx context.Context, g store.Game) error {
	old, err := b.DB.LiveBoards(ctx, g.ID, g.Version+1)
	if err != nil {
		return err
	}
	langFor := b.messageLangs(ctx, g)
	for _, m := range old {
		if m.Kind == "offer" {
			if err := b.retireOne(ctx, langFor(m), g, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// retireOne takes the controls off one message, written in l, and a board
// (the thread's or a DM copy) its picture too: the text of the embed stays,
// so that the thread reads as the game's moves with one live board at the
// bottom.
func (b *Delivery) retireOne(ctx context.Context, l *lang.Lang, g store.Game, m store.BoardMessage) error {
	var controls []discordgo.MessageComponent
	if !g.Active() && m.Kind != "offer" {
		controls = kit.RematchRow(l, g)
	}
	// Retiring waits, under load, for the requests that tell players of a
	// move: the next board and DM go first.
	edit := &kit.Message{Content: kit.RetiredText(l, g, m.Kind), Components: controls, ComponentsOnly: true, Background: true}
	var err error
	if m.Kind != "offer" {
		err = b.withoutPicture(ctx, m, edit)
	}
	if err == nil {
		err = b.Discord(ctx).Edit(m.Channel, m.Message, edit)
	}
	if err := b.uneditable(ctx, err, "an old board keeps its buttons", m); err != nil {
		return err
	}
	return b.DB.RetireBoard(ctx, m.Channel, m.Message)
}

// uneditable sorts out how an edit of m went: an error worth retrying is
// returned; a message Discord will not edit (gone, past its edit limit, in
// an archived thread, or out of the bot's reach) is logged as what, and
// left as it is: its buttons answer "out of date" anyway.
func (b *Delivery) uneditable(ctx context.Context, err error, what string, m store.BoardMessage) error {
	switch kit.ErrorCode(err) {
	case 0:
		return err
	case kit.CodeEditLimit, kit.CodeUnknownMessage, kit.CodeUnknownChannel, kit.CodeMissingAccess, kit.CodeMissingPermission,
		kit.CodeThreadArchived:
		b.Logger(ctx).Info(what, "game", m.Game, "message", m.Message, "err", err)
	default:
		if transient(err) {
			return err
		}
	}
	return nil
}

// withoutPicture makes edit replace the whole of the board m rather than its
// controls alone, keeping its embeds' text (kit.TextOnly): no file (Discord
// drops the attachments an edit does not list) and no image. The text is
// the one written down as the board was sent; a board sent before that was
// done is read from Discord.
func (b *Delivery) withoutPicture(ctx context.Context, m store.BoardMessage, edit *kit.Message) error {
	embeds, ok := kit.KeptEmbeds(m.Kept)
	if !ok {
		old, err := b.Discord(ctx).Fetch(m.Channel, m.Message)
		if err != nil {
			return err
		}
		embeds = kit.TextOnly(old.Embeds)
	}
	edit.ComponentsOnly, edit.Files, edit.Embeds = false, nil, embeds
	return nil
}

// redraw draws the live boards of a's game again as it stands, after one of
// its players went on vacation or came back: the due time and the "on
// vacation" mark changed though nobody moved. The thread's board, answers to
// /board and the DM copy keep their place and their controls. When a newer
// board or vacation notice of the game is on its way, that one draws the
// game as it then stands, so this one leaves it to it.
func (b *Delivery) redraw(ctx context.Context, a store.Announcement) error {
	if newer, err := b.DB.Pending(ctx, a, store.AnnounceBoard, store.AnnounceVacation); err != nil || newer {
		return err
	}
	s, err := b.LoadLatest(ctx, a.Game)
	if err != nil || !s.G.Active() {
		return err
	}
	live, err := b.DB.LiveBoards(ctx, s.G.ID, s.G.Version+1)
	if err != nil {
		return err
	}
	langFor := b.messageLangs(ctx, s.G)
	for _, m := range live {
		if m.Kind == "offer" {
			continue
		}
		if err := b.redrawOne(ctx, langFor(m), s, m, false); err != nil {
			return err
		}
	}
	return nil
}

// redrawOne draws the board m again in l: the thread's latest with its line
// for the player on move, a DM copy with the turn's text. The edit pings
// nobody; in the background, it waits under load for the requests that
// tell players something.
func (b *Delivery) redrawOne(ctx context.Context, l *lang.Lang, s *kit.State, m store.BoardMessage, background bool) error {
	opts := kit.BoardOpts{Controls: true, Mention: m.Kind == "board" && m.Message == s.G.MessageID}
	if m.Kind == "dm" {
		opts.Turned = b.dmTurned(ctx, s.G, m.Channel)
	}
	msg, err := b.Board(l, s, opts)
	if err != nil {
		return err
	}
	if m.Kind == "dm" {
		msg = kit.DMCopy(msg, kit.TurnDMText(l, s))
	}
	msg.Mentions, msg.Background = nil, background
	err = b.Discord(ctx).Edit(m.Channel, m.Message, msg)
	if err == nil {
		// Once retired, it keeps the text it shows now.
		return b.DB.KeepBoardText(ctx, m.Channel, m.Message, kit.Kept(msg), s.G.Version)
	}
	if err := b.uneditable(ctx, err, "a board keeps what it showed", m); err != nil {
		return err
	}
	// Discord will never edit it: it no longer counts as live, and no later
	// refresh tries again.
	return b.DB.RetireBoard(ctx, m.Channel, m.Message)
}

// refresh draws again the live boards of a's game that show a version older
// than the game's, when the game still stands where a's commit left it: a
// throw kept the turn and announced nothing, and a board other than the
// clicked one (or the clicked one, if the answer to the click never went
// out) still shows the Throw button. A game that moved on since has newer
// announcements that draw or retire its boards. The edits wait, under load,
// for the requests that tell players of a move.
func (b *Delivery) refresh(ctx context.Context, a store.Announcement, g store.Game) error {
	if g.Version != a.Version || !g.Active() {
		return kit.Skip("the game moved on")
	}
	behind, err := b.DB.LiveBoards(ctx, g.ID, g.Version)
	if err != nil {
		return err
	}
	behind = slices.DeleteFunc(behind, func(m store.BoardMessage) bool { return m.Kind == "offer" })
	if len(behind) == 0 {
		return kit.Skip("every board is current")
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	langFor := b.messageLangs(ctx, s.G)
	for _, m := range behind {
		if err := b.redrawOne(ctx, langFor(m), s, m, true); err != nil {
			return err
		}
	}
	return nil
}
