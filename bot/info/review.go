package info

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/render"
	"kilab/store"
)

// reviewBudget bounds the judging of one game for /review; a review that
// runs out says so rather than posting a part.
const reviewBudget = 2 * time.Minute

// Review is /review game: for a finished game only, so that nobody gets
// Help during play, a chart of the first player's winning chance after every
// ply and each player's three costliest moves with the best move instead.
// Judging takes longer than Discord's 3 s, so the answer is deferred first.
// The reviewer's own costliest moves, if they played the game, become their
// own puzzles (/puzzle mine), and the review says so.
func (b *Info) Review(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.GameOf(ctx, i)
	if err != nil {
		return err
	}
	if g.Active() {
		return lang.Fail("info.err.review_active", "ID", g.ID)
	}
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	judge, err := b.Computer.Judge(g.Kind, g.Config)
	if err != nil {
		return lang.Fail("info.err.review_unsupported", "Game", kit.KindTitle(g.Kind))
	}
	if err := b.DC.Respond(i, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil); err != nil {
		return fmt.Errorf("deferring /review: %w", err)
	}
	l := kit.LangOf(i)
	m, r, err := b.reviewMessage(ctx, l, s, judge)
	if err == nil {
		b.keepMistakes(ctx, l, kit.UserOf(i).ID, s, judge, r, m)
		err = b.DC.EditOriginal(i, m)
	}
	if err != nil { // answered already: the failure edits the answer
		b.Logger(ctx).Error("reviewing a game", "err", err)
		text, _ := kit.Explain(kit.LangOf(i), err)
		_ = b.DC.EditOriginal(i, &kit.Message{Content: text})
	}
	return nil
}

// reviewMessage judges the game and writes the chart and the costliest moves
// in l.
func (b *Info) reviewMessage(ctx context.Context, l *lang.Lang, s *kit.State, judge ai.Judge) (*kit.Message, ai.Review, error) {
	ctx, cancel := context.WithTimeout(ctx, reviewBudget)
	defer cancel()
	start, err := s.Game.New(s.G.Config)
	if err != nil {
		return nil, ai.Review{}, err
	}
	r, err := ai.ReviewGame(ctx, judge, start, s.Plies)
	if err != nil {
		return nil, r, err
	}
	chart := render.Chart{Title: fmt.Sprintf("%s #%d · %s", s.Game.Title(), s.G.ID, l.T(trustKeys[r.Trust].word)),
		Seats: [2]string{kit.SeatWord(l, s.Game, games.First), kit.SeatWord(l, s.Game, games.Second)}, Chance: []float64{r.Start}}
	for _, p := range r.Plies {
		chart.Chance = append(chart.Chance, p.Chance)
	}
	var fields []*discordgo.MessageEmbedField
	for seat := games.First; seat <= games.Second; seat++ {
		worst := r.Costliest(seat, 3)
		for _, p := range worst {
			chart.Marks = append(chart.Marks, p.N)
		}
		if s.G.Human(seat) {
			fields = append(fields, &discordgo.MessageEmbedField{Name: kit.Clip(l.T("info.review.costliest", "Name", b.LookupName(l, s.G.Players[seat]), "Seat", kit.SeatWord(l, s.Game, seat)), 256),
				Value: kit.Clip(costText(l, worst), 1024)})
		}
	}
	png, err := render.ReviewChart(l, chart)
	if err != nil {
		return nil, r, err
	}
	return &kit.Message{
		Components: kit.WithLink(l, nil, s.Link),
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(l.T("info.review.title", "Game", s.Game.Title(), "ID", s.G.ID, "Config", kit.ConfigText(l, s.Game, s.G.Config)), 256),
			Description: kit.Clip(reviewIntro(l, s, r), 4096),
			Color:       kit.KindColour(s.G.Kind),
			Fields:      fields,
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://review.png"},
		}},
		Files: []kit.File{{Name: "review.png", ContentType: "image/png", Data: png,
			Description: kit.Clip(chartAlt(l, s, r), 1024)}},
	}, r, nil
}

// mistakesKept is how many of a reviewer's costliest moves become their
// own puzzles: those the review lists.
const mistakesKept = 3

// keepMistakes makes the reviewer's costliest moves in the game, if they
// played it, their own puzzles, and has the review m say so. A failure
// costs the puzzles, not the review: it is logged.
func (b *Info) keepMistakes(ctx context.Context, l *lang.Lang, reviewer string, s *kit.State, judge ai.Judge, r ai.Review, m *kit.Message) {
	seat, ok := s.G.Seat(reviewer)
	if !ok || !s.G.Human(seat) {
		return
	}
	ps, err := b.mistakes(ctx, reviewer, s, judge, r.Costliest(seat, mistakesKept))
	if err == nil && len(ps) > 0 {
		_, err = b.DB.AddOwnPuzzles(ctx, ps)
	}
	if err != nil {
		b.Logger(ctx).Warn("keeping a review's mistakes as puzzles", "err", err)
		return
	}
	if len(ps) > 0 {
		m.Embeds[0].Footer = &discordgo.MessageEmbedFooter{Text: kit.Clip(l.T("info.review.mine", "Name", b.LookupName(l, reviewer)), 2048)}
	}
}

// mistakes are the puzzles of plies, reviewer's costly moves in s's game.
func (b *Info) mistakes(ctx context.Context, reviewer string, s *kit.State, judge ai.Judge, plies []ai.PlyReview) ([]store.OwnPuzzle, error) {
	ctx, cancel := context.WithTimeout(ctx, reviewBudget)
	defer cancel()
	start, err := s.Game.New(s.G.Config)
	if err != nil {
		return nil, err
	}
	var out []store.OwnPuzzle
	for _, pr := range plies {
		p, err := puzzles.FromMistake(ctx, b.Computer, judge, s.G.Kind, s.G.Config, start, s.Plies, pr.N)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		out = append(out, store.OwnPuzzle{User: reviewer, ID: p.ID, Kind: p.Game, Game: s.G.ID, Ply: pr.N, Cost: pr.Cost, Puzzle: string(data)})
	}
	return out, nil
}

// trustKeys are the words for how far a review's figures are to be
// trusted: one for the chart's title, one that says what they are.
var trustKeys = map[ai.Trust]struct{ word, how string }{
	ai.Estimate:   {"info.review.estimate", "info.review.how_estimate"},
	ai.Calibrated: {"info.review.calibrated", "info.review.how_calibrated"},
	ai.Exact:      {"info.review.exact", "info.review.how_exact"},
}

func reviewIntro(l *lang.Lang, s *kit.State, r ai.Review) string {
	return l.T("info.review.intro", "Seat", kit.SeatTitle(l, s.Game, games.First), "Start", pct1(r.Start), "How", l.T(trustKeys[r.Trust].how), "Result", s.ResultText(l))
}

// costText lists moves as "Ply 12: played `5-8`; best `3-7`, 12.3 points of
// winning chance better".
func costText(l *lang.Lang, worst []ai.PlyReview) string {
	if len(worst) == 0 {
		return l.T("info.review.none")
	}
	var lines []string
	for _, p := range worst {
		lines = append(lines, l.T("info.review.cost", "Ply", p.N, "Played", p.Ply.Move, "Best", p.Best, "Points", fmt.Sprintf("%.1f", 100*p.Cost)))
	}
	return strings.Join(lines, "\n")
}

// pct1 is a chance as a percentage with one decimal.
func pct1(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// chartAlt says in words what the chart shows.
func chartAlt(l *lang.Lang, s *kit.State, r ai.Review) string {
	lo, hi := r.Start, r.Start
	for _, p := range r.Plies {
		lo, hi = min(lo, p.Chance), max(hi, p.Chance)
	}
	return l.T("info.review.alt", "Plies", l.N("info.n.plies", len(r.Plies)), "Seat", kit.SeatWord(l, s.Game, games.First), "Game", s.Game.Title(), "ID", s.G.ID,
		"Start", pct1(r.Start), "Low", pct1(lo), "High", pct1(hi), "End", pct1(r.Plies[len(r.Plies)-1].Chance))
}
