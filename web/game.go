package web

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// shown is a game as its pages show it: the game, its rules, its record and
// each ply as a reader is told of it.
type shown struct {
	g     store.Game
	game  games.Game
	start games.Position
	plies []games.Ply
	plays []render.Played
}

// visible is the game whose web token is token, if its server shows it:
// two indexed reads, which is all a page or picture already made costs.
func (s *Server) visible(ctx context.Context, token string) (store.Game, error) {
	g, err := s.db.GameByToken(ctx, token)
	if err != nil {
		return g, err
	}
	switch mode, err := s.db.Web(ctx, g.GuildID); {
	case err != nil:
		return g, err
	case mode == store.WebOff:
		return g, errHidden
	}
	return g, nil
}

// load reads game g with its record and replays it.
func (s *Server) load(ctx context.Context, g store.Game) (*shown, error) {
	g, rec, err := s.db.GameRecord(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	game, start, err := games.Start(g.Kind, g.Config)
	if err != nil {
		return nil, err
	}
	sh := &shown{g: g, game: game, start: start, plies: store.Plies(rec)}
	if sh.plays, err = render.Plays(start, sh.plies); err != nil {
		return nil, fmt.Errorf("game %d: replaying its record: %w", g.ID, err)
	}
	return sh, nil
}

// at is the position after the first n plies, with what its board marks.
func (sh *shown) at(n int) (games.Position, render.Last, error) {
	return render.FromRecordSince(sh.start, sh.plies[:n])
}

// stepOf reads a step (a number of plies, 0 for the start) from text: the
// last where text is empty; ok is false for anything but a number from 0
// to the plies' count.
func (sh *shown) stepOf(text string) (int, bool) {
	if text == "" {
		return len(sh.plies), true
	}
	if len(text) > 6 {
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > len(sh.plies) || strconv.Itoa(n) != text {
		return 0, false
	}
	return n, true
}

// gamePage is a game's page: its board at a step (?ply=, the last by
// default; the page's script steps without asking again), its players,
// how it stands, and its moves.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	g, err := s.visible(r.Context(), r.PathValue("token"))
	if err != nil {
		s.failed(w, r, err)
		return
	}
	l, chosen := langOf(r)
	ply := r.URL.Query().Get("ply")
	key := fmt.Sprintf("%s/%d/%s/%v/%s", g.WebToken, g.Version, l.Tag(), chosen, ply)
	page, ok := s.pages.Get(key)
	if !ok {
		page, err = s.paging.do(key, func() (packed, error) {
			ctx, cancel := makingContext(r)
			defer cancel()
			html, keep, err := s.makeGamePage(ctx, g, l, chosen, ply)
			if err != nil {
				return packed{}, err
			}
			page := pack(html)
			if keep {
				s.pages.Put(key, page)
			}
			return page, nil
		})
		if err != nil {
			s.failed(w, r, err)
			return
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	page.write(w, r)
}

// makeGamePage makes the page of game g at the step ply names; keep is
// false where it says its review is being made, as it will not for long.
func (s *Server) makeGamePage(ctx context.Context, g store.Game, l *lang.Lang, chosen bool, ply string) (page []byte, keep bool, err error) {
	sh, err := s.load(ctx, g)
	if err != nil {
		return nil, false, err
	}
	step, ok := sh.stepOf(ply)
	if !ok {
		return nil, false, fmt.Errorf("step %q of game %d: %w", ply, g.ID, store.ErrNotFound)
	}
	view, err := s.gameView(ctx, sh, l, chosen, step)
	if err != nil {
		return nil, false, err
	}
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, "game.html", view); err != nil {
		return nil, false, err
	}
	return b.Bytes(), view.ReviewPending == "", nil
}

// gameView is what game.html shows.
type gameView struct {
	Lang, Title, Summary, Image, URL string
	Labels                           map[string]string
	Choices                          []langChoice
	Game, Variant                    string
	Players                          []seatView
	Status                           string
	Due                              string // RFC 3339, "" for none
	DueText                          string
	Step, Plies                      int
	StepText                         string
	Board, BoardBase, BoardQuery     string
	Alt                              string
	Moves                            []moveView
	First, Prev, Next, Last          string
	Live                             bool
	Events                           string
	Version                          int64
	Review                           *reviewView // a finished game's; nil for none
	ReviewPending, ReviewChart       string      // a review being made: says so, and where its chart will be
	ChanceOf                         string      // the move list's chance column: whose
	Record, RecordName               string
	Replay                           string
}

type seatView struct {
	Name, Seat, Rating, Computer string
	OnMove, Won                  bool
}

type moveView struct {
	N                     int
	Notation, Words, Href string
	Alt, Class            string
	Current               bool
	Chance, Cost          string // a reviewed game's: the first seat's chance after the ply, what the move gave away
	Costly                string // among its side's costliest: says so; else ""
}

func (s *Server) gameView(ctx context.Context, sh *shown, l *lang.Lang, chosen bool, step int) (*gameView, error) {
	pos, last, err := sh.at(step)
	if err != nil {
		return nil, err
	}
	g := sh.g
	path := "/g/" + g.WebToken
	v := &gameView{Lang: string(l.Tag()), Labels: labels(l), Choices: choices(l, path, ""),
		Game: sh.game.Title(), Variant: variantText(l, sh.game, g.Config), Step: step, Plies: len(sh.plies),
		BoardBase: path + "/board/", BoardQuery: "?lang=" + string(l.Tag()),
		Live: g.Active(), Events: path + "/events", Version: g.Version}
	v.Board = v.BoardBase + strconv.Itoa(step) + v.BoardQuery
	v.Alt = render.Describe(l, sh.game, g.Config, pos, last)
	v.Title = l.T("web.game.title", "Game", v.Game, "ID", g.ID)
	end := pos
	if step != len(sh.plies) {
		if end, _, err = sh.at(len(sh.plies)); err != nil {
			return nil, err
		}
	}
	v.Status, v.DueText, v.Due = status(l, sh, end)
	v.Summary = v.Variant + " · " + v.Status
	v.URL, v.Image = s.cfg.PublicURL+path, s.cfg.PublicURL+v.BoardBase+strconv.Itoa(len(sh.plies))+"?lang=en"
	if v.Players, err = s.players(ctx, l, sh); err != nil {
		return nil, err
	}
	href := func(n int) string { return withLang(path+"?ply="+strconv.Itoa(n), l, chosen) + "#" + strconv.Itoa(n) }
	v.First, v.Prev, v.Next, v.Last = href(0), href(max(step-1, 0)), href(min(step+1, len(sh.plies))), href(len(sh.plies))
	v.StepText = v.Labels["start"]
	v.Moves = make([]moveView, len(sh.plays))
	for i, p := range sh.plays {
		words := render.PlyText(l, sh.game, p)
		v.Moves[i] = moveView{N: i + 1, Notation: p.Ply.String(), Words: words, Href: href(i + 1),
			Alt: l.T("web.game.board_after", "N", i+1, "Move", words), Current: i+1 == step,
			Class: pick(p.Ply.Player == games.First, "s0", "s1") + pick(i+1 == step, " current", "")}
		if i+1 == step {
			v.StepText = v.Moves[i].Alt
		}
	}
	v.Record, v.RecordName = path+"/record.txt?lang="+string(l.Tag()), recordName(g)
	if len(sh.plies) > 0 {
		v.Replay = path + "/replay.gif?lang=" + string(l.Tag())
	}
	s.addReview(ctx, v, sh, l)
	return v, nil
}

// variantText names a game's variant in l, then its options as its record
// writes them.
func variantText(l *lang.Lang, game games.Game, c games.Config) string {
	text := c.String()
	if name, ok := games.ValueName(game, c.Variant); ok {
		if _, opts, found := strings.Cut(text, " "); found {
			return name.In(l) + " · " + opts
		}
		return name.In(l)
	}
	return text
}

// status says how a game stands in l: whose turn and what they do, as the
// board says it, and until when, or how it ended; with the due time as
// text and as RFC 3339 for the page's <time>. end is the position now.
func status(l *lang.Lang, sh *shown, end games.Position) (text, dueText, due string) {
	g := sh.g
	if w, won := g.Result.Winner(); won {
		return l.T("web.game.won", "Seat", games.SeatName(l, sh.game, w)), "", ""
	}
	switch g.Result {
	case store.Draw:
		return l.T("web.game.draw"), "", ""
	case store.Aborted:
		return l.T("web.game.aborted"), "", ""
	}
	if text = render.Turn(l, sh.game, end); text == "" {
		text = l.T("web.game.to_move", "Seat", games.SeatName(l, sh.game, g.ToMove))
	}
	if g.Deadline.IsZero() || g.ComputerOnMove() {
		return text, "", ""
	}
	d := g.Deadline.UTC()
	return text, l.T("web.game.due", "Time", d.Format("2006-01-02 15:04")+" UTC"), d.Format(time.RFC3339)
}

// players are the game's two seats: their names in the game's words, their
// ratings on the game's server (none for the computer, or a player not yet
// rated), who is on move and who won.
func (s *Server) players(ctx context.Context, l *lang.Lang, sh *shown) ([]seatView, error) {
	g := sh.g
	out := make([]seatView, 2)
	winner, won := g.Result.Winner()
	for p := games.First; p <= games.Second; p++ {
		pv := seatView{Seat: games.SeatName(l, sh.game, p), OnMove: g.Active() && g.ToMove == p, Won: won && winner == p}
		if g.Computer.Plays() && g.Computer.Seat == p {
			pv.Computer = l.T("web.game.computer", "Level", levelText(l, g.Computer.Level))
			out[p] = pv
			continue
		}
		settings, err := s.db.Settings(ctx, g.Players[p])
		if err != nil {
			return nil, err
		}
		pv.Name = settings.Name
		if st, err := s.db.Standing(ctx, g.GuildID, g.Kind, g.Players[p]); err == nil {
			pv.Rating = l.T("web.game.rating", "Rating", int(math.Round(st.Rating.Rating)))
		} else if !isNotFound(err) {
			return nil, err
		}
		out[p] = pv
	}
	return out, nil
}

// labels are the page's fixed words in l.
func labels(l *lang.Lang) map[string]string {
	out := map[string]string{}
	for _, id := range []string{"moves", "first", "prev", "next", "last", "players", "live", "language", "board", "start",
		"skip", "footer", "no_moves", "steps", "review", "download", "costly", "skip_doc", "documents", "choose", "another", "answer", "standings", "crosstable", "rounds", "player", "points", "tiebreak", "record", "current", "recent", "replay"} {
		out[id] = l.T("web.label." + id)
	}
	return out
}

// levelText names a computer level in l as /challenge does.
func levelText(l *lang.Lang, level string) string {
	if id := "cmd.choice." + level; lang.Has(id) {
		return l.T(id)
	}
	return level
}
