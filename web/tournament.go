package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
	"kilab/tournament"
)

// A tournament's page (/t/{id}), for the servers whose moderators made
// their tournaments public (/mod web public): the standings with their
// tie-break, the crosstable of who beat whom, every round's pairings, and a
// link to every game. A tournament's number is no secret, so a server that
// did not make them public has none.

// tournamentView is what tournament.html shows.
type tournamentView struct {
	Lang, Title, Status, Format, TieBreak, Legend string
	Labels                                        map[string]string
	Choices                                       []langChoice
	Standings                                     []standingRow
	Names                                         []string // the crosstable's columns, in standings order
	Cross                                         [][]crossCell
	Rounds                                        []roundView
}

type standingRow struct {
	Rank                         int
	Name, Href, Points, TieBreak string
	Record                       string
	Left                         bool
}

type crossCell struct {
	Text, Href string
	Self       bool
}

type roundView struct {
	Title string
	Lines []pairLine
}

type pairLine struct {
	Text, Href string
}

// tournamentPage answers /t/{id}.
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != r.PathValue("id") {
		http.NotFound(w, r)
		return
	}
	l, _ := langOf(r)
	v, err := s.tournamentView(ctx, id, l)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, "tournament.html", v); err != nil {
		s.failed(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	pack(b.Bytes()).write(w, r)
}

func (s *Server) tournamentView(ctx context.Context, id int64, l *lang.Lang) (*tournamentView, error) {
	t, err := s.db.Tournament(ctx, id)
	if err != nil {
		return nil, err
	}
	if mode, err := s.db.Web(ctx, t.GuildID); err != nil || mode != store.WebPublic {
		return nil, fmt.Errorf("%w: %w", errHidden, err)
	}
	t, players, st, err := s.db.Standings(ctx, id)
	if err != nil {
		return nil, err
	}
	pairings, err := s.db.Pairings(ctx, id)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, p := range players {
		if names[p.User], err = s.nameOf(ctx, l, p.User); err != nil {
			return nil, err
		}
	}
	links, err := s.gameLinks(ctx, pairings)
	if err != nil {
		return nil, err
	}
	path := "/t/" + strconv.FormatInt(id, 10)
	v := &tournamentView{Lang: string(l.Tag()), Labels: labels(l), Choices: choices(l, path, ""),
		Title: tournamentTitle(l, t), Status: l.T("tour.status." + t.Status), Format: tournament.FormatText(l, t.Format, t.Rounds, store.SidesMatter(t.Kind)),
		Legend: l.T("web.tournament.legend")}
	left := map[string]bool{}
	for _, p := range players {
		left[p.User] = p.Left
	}
	short, long := l.T("tour.tiebreak.sonneborn_short"), l.T("tour.tiebreak.sonneborn")
	if t.Format == tournament.Swiss {
		short, long = l.T("tour.tiebreak.buchholz_short"), l.T("tour.tiebreak.buchholz")
	}
	v.TieBreak = short + ": " + long
	for _, row := range st {
		v.Standings = append(v.Standings, standingRow{Rank: row.Rank, Name: names[row.Player], Href: "/u/" + t.GuildID + "/" + row.Player,
			Points:   render.Points(row.Points),
			TieBreak: render.Points(row.TieBreak), Record: fmt.Sprintf("%d–%d–%d", row.Won, row.Drawn, row.Lost), Left: left[row.Player]})
		v.Names = append(v.Names, names[row.Player])
	}
	v.Cross = crosstable(st, pairings, links)
	v.Rounds = rounds(l, pairings, names, links)
	return v, nil
}

// nameOf is what the pages call user: the name their last interaction came
// with, or "player" where none was seen.
func (s *Server) nameOf(ctx context.Context, l *lang.Lang, user string) (string, error) {
	st, err := s.db.Settings(ctx, user)
	if err != nil || st.Name != "" {
		return st.Name, err
	}
	return l.T("play.player"), nil
}

// gameLinks are the pages of the pairings' games, by game number.
func (s *Server) gameLinks(ctx context.Context, pairings []store.Pairing) (map[int64]string, error) {
	out := map[int64]string{}
	for _, p := range pairings {
		if p.Game == 0 {
			continue
		}
		g, err := s.db.Game(ctx, p.Game)
		if err != nil {
			return nil, err
		}
		out[p.Game] = "/g/" + g.WebToken
	}
	return out, nil
}

// crosstable is every player's result against every other, in standings
// order: 1, ½ or 0 for each game they played (two in a double round
// robin), each linking to its game.
func crosstable(st []tournament.Standing, pairings []store.Pairing, links map[int64]string) [][]crossCell {
	at := map[string]int{}
	for i, row := range st {
		at[row.Player] = i
	}
	cells := make([][]crossCell, len(st))
	for i := range cells {
		cells[i] = make([]crossCell, len(st))
		cells[i][i].Self = true
	}
	for _, p := range pairings {
		a, okA := at[p.Pair.First]
		b, okB := at[p.Pair.Second]
		if p.Pair.Bye() || !okA || !okB || p.Result == store.Unfinished {
			continue
		}
		first, second := score(p.Result)
		add(&cells[a][b], first, links[p.Game])
		add(&cells[b][a], second, links[p.Game])
	}
	return cells
}

func add(c *crossCell, score, href string) {
	if c.Text != "" {
		c.Text += " "
	}
	c.Text += score
	if c.Href == "" {
		c.Href = href
	}
}

// score is what each side of a decided pairing scored.
func score(r store.Result) (first, second string) {
	switch r {
	case store.FirstWins:
		return "1", "0"
	case store.SecondWins:
		return "0", "1"
	case store.Draw:
		return "½", "½"
	}
	return "–", "–" // aborted: nobody scored
}

// rounds are the pairings round by round, each with its result and game.
func rounds(l *lang.Lang, pairings []store.Pairing, names map[string]string, links map[int64]string) []roundView {
	var out []roundView
	for _, p := range pairings {
		if len(out) < p.Round {
			out = append(out, make([]roundView, p.Round-len(out))...)
		}
		r := &out[p.Round-1]
		r.Title = l.T("web.tournament.round", "N", p.Round)
		line := pairLine{Href: links[p.Game]}
		switch {
		case p.Pair.Bye():
			line.Text = l.T("web.tournament.bye", "Player", names[p.Pair.First])
		case p.Result == store.Unfinished:
			line.Text = l.T("web.tournament.in_play", "First", names[p.Pair.First], "Second", names[p.Pair.Second])
		default:
			first, second := score(p.Result)
			line.Text = l.T("web.tournament.result", "First", names[p.Pair.First], "Second", names[p.Pair.Second], "Score", first+"–"+second)
			if p.Reason == store.ReasonForfeit {
				line.Text += " · " + l.T("web.tournament.forfeit")
			}
		}
		r.Lines = append(r.Lines, line)
	}
	return out
}

// tournamentTitle names a tournament as /tournament does.
func tournamentTitle(l *lang.Lang, t store.Tournament) string {
	g, err := games.Lookup(t.Kind)
	if err != nil {
		return l.T("tour.title_bare", "ID", t.ID)
	}
	return l.T("tour.title", "Game", g.Title(), "ID", t.ID, "Config", variantText(l, g, t.Config))
}
