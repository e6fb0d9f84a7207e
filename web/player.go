package web

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strings"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// A player's page (/u/{server}/{user}), for the servers whose moderators
// made their pages public (/mod web public): the player's rating in each
// game there with its history since their first rated game, their record,
// and their games in play and latest finished games, each linking to its
// page.

// playerView is what player.html shows.
type playerView struct {
	Lang, Name string
	Labels     map[string]string
	Choices    []langChoice
	Kinds      []kindView
	Current    []gameLine
	Recent     []gameLine
}

type kindView struct {
	Game, Rating, Record string
	Chart                template.HTML // the rating's history, an inline SVG; "" before two rated games
	ChartText            string
}

type gameLine struct{ Text, Href string }

// recentShown is how many finished games a player's page lists.
const recentShown = 20

// playerPage answers /u/{guild}/{user}.
func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	guild, user := r.PathValue("guild"), r.PathValue("user")
	if !snowflake(guild) || !snowflake(user) {
		http.NotFound(w, r)
		return
	}
	l, _ := langOf(r)
	v, err := s.playerView(r.Context(), guild, user, l)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, "player.html", v); err != nil {
		s.failed(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	pack(b.Bytes()).write(w, r)
}

// snowflake says s is a Discord id: digits, at most twenty.
func snowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (s *Server) playerView(ctx context.Context, guild, user string, l *lang.Lang) (*playerView, error) {
	if mode, err := s.db.Web(ctx, guild); err != nil || mode != store.WebPublic {
		return nil, fmt.Errorf("%w: %w", errHidden, err)
	}
	st, err := s.db.Stats(ctx, guild, user, recentShown)
	if err != nil {
		return nil, err
	}
	active, err := s.db.ActiveGames(ctx, user, guild)
	if err != nil {
		return nil, err
	}
	if len(st.Kinds) == 0 && len(active) == 0 {
		return nil, fmt.Errorf("player %s on %s: %w", user, guild, store.ErrNotFound) // nobody Kilab knows there
	}
	name, err := s.nameOf(ctx, l, user)
	if err != nil {
		return nil, err
	}
	path := "/u/" + guild + "/" + user
	v := &playerView{Lang: string(l.Tag()), Name: name, Labels: labels(l), Choices: choices(l, path, "")}
	for _, k := range st.Kinds {
		kv, err := s.kindView(ctx, l, guild, user, k)
		if err != nil {
			return nil, err
		}
		v.Kinds = append(v.Kinds, kv)
	}
	for _, g := range active {
		v.Current = append(v.Current, s.gameLine(ctx, l, g, user))
	}
	for _, g := range st.Recent {
		v.Recent = append(v.Recent, s.gameLine(ctx, l, g, user))
	}
	return v, nil
}

// kindView is the player's line for one game: rating, record, history.
func (s *Server) kindView(ctx context.Context, l *lang.Lang, guild, user string, k store.KindStats) (kindView, error) {
	kv := kindView{Game: k.Kind, Record: l.T("web.player.record", "Wins", k.Wins, "Draws", k.Draws, "Losses", k.Losses)}
	if g, err := games.Lookup(k.Kind); err == nil {
		kv.Game = g.Title()
	}
	if k.Standing == nil {
		kv.Rating = l.T("web.player.unrated")
		return kv, nil
	}
	kv.Rating = l.T("web.game.rating", "Rating", int(math.Round(k.Standing.Rating.Rating)))
	if k.Standing.Rating.Provisional() {
		kv.Rating += " " + l.T("web.player.provisional")
	}
	h, err := s.db.RatingHistory(ctx, guild, k.Kind, user)
	if err != nil || len(h) < 2 {
		return kv, err
	}
	kv.Chart, kv.ChartText = ratingChart(l, h)
	return kv, nil
}

// gameLine is one of the player's games as the page lists it: the game,
// its opponent, and how it stands for the player.
func (s *Server) gameLine(ctx context.Context, l *lang.Lang, g store.Game, user string) gameLine {
	title := g.Kind
	game, err := games.Lookup(g.Kind)
	if err == nil {
		title = game.Title()
	}
	seat, _ := g.Seat(user)
	opponent := l.T("web.player.computer")
	if !g.Computer.Plays() {
		opponent, _ = s.nameOf(ctx, l, g.Players[seat.Other()])
	}
	how := l.T("web.player.in_play")
	if w, won := g.Result.Winner(); won && w == seat {
		how = l.T("web.player.won")
	} else if won {
		how = l.T("web.player.lost")
	} else if g.Result == store.Draw {
		how = l.T("web.game.draw")
	} else if g.Result == store.Aborted {
		how = l.T("web.game.aborted")
	}
	return gameLine{Text: l.T("web.player.game", "Game", title, "ID", g.ID, "Opponent", opponent, "How", how), Href: "/g/" + g.WebToken}
}

// ratingChart draws a rating's history as an inline SVG (drawn by
// attributes, which the pages' policy allows, not styles), and says it in
// words for those who cannot see it.
func ratingChart(l *lang.Lang, h []store.RatingPoint) (template.HTML, string) {
	const w, ht, pad = 600.0, 160.0, 8.0
	lo, hi := h[0].Rating, h[0].Rating
	for _, p := range h {
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	if hi-lo < 20 {
		lo, hi = lo-10, hi+10
	}
	var pts []string
	for i, p := range h {
		x := pad + (w-2*pad)*float64(i)/float64(len(h)-1)
		y := pad + (ht-2*pad)*(hi-p.Rating)/(hi-lo)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
	}
	text := l.T("web.player.history", "N", len(h), "From", int(math.Round(h[0].Rating)), "To", int(math.Round(h[len(h)-1].Rating)),
		"Low", int(math.Round(lo)), "High", int(math.Round(hi)))
	svg := fmt.Sprintf(`<svg class="rating" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s" width="100%%" preserveAspectRatio="none">`+
		`<rect x="0" y="0" width="%.0f" height="%.0f" fill="#fffaf0" stroke="#d8c9a6"/>`+
		`<polyline points="%s" fill="none" stroke="#8a4b12" stroke-width="2.5" stroke-linejoin="round"/></svg>`,
		w, ht, template.HTMLEscapeString(text), w, ht, strings.Join(pts, " "))
	return template.HTML(svg), text
}
