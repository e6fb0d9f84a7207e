package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/ai"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

// reviewBudget bounds the judging of one game for /review; a review that
// runs out says so rather than posting a part.
const reviewBudget = 2 * time.Minute

// reviewCommand is /review game: for a finished game only, so that nobody gets
// help during play, a chart of the first player's winning chance after every
// ply and each player's three costliest moves with the best move instead.
// Judging takes longer than Discord's 3 s, so the answer is deferred first.
func (b *Bot) reviewCommand(ctx context.Context, i *discordgo.Interaction) error {
	g, err := b.gameOf(ctx, i)
	if err != nil {
		return err
	}
	if g.Active() {
		return userf("Game #%d is still being played: /review is for finished games, so nobody gets help during play.", g.ID)
	}
	s, err := b.loadLatest(ctx, g.ID)
	if err != nil {
		return err
	}
	judge, err := ai.NewJudge(g.Kind, g.Config)
	if err != nil {
		return userf("%s games cannot be reviewed yet.", kindTitle(g.Kind))
	}
	if err := b.dc.Respond(i, discordgo.InteractionResponseDeferredChannelMessageWithSource, nil); err != nil {
		return fmt.Errorf("deferring /review: %w", err)
	}
	m, err := b.reviewMessage(ctx, s, judge)
	if err == nil {
		err = b.dc.EditOriginal(i, m)
	}
	if err != nil { // answered already: the failure edits the answer
		b.logger(ctx).Error("reviewing a game", "err", err)
		text, _ := explain(langOf(i), err)
		_ = b.dc.EditOriginal(i, &Message{Content: text})
	}
	return nil
}

// reviewMessage judges the game and writes the chart and the costliest moves.
func (b *Bot) reviewMessage(ctx context.Context, s *state, judge ai.Judge) (*Message, error) {
	ctx, cancel := context.WithTimeout(ctx, reviewBudget)
	defer cancel()
	start, err := s.game.New(s.g.Config)
	if err != nil {
		return nil, err
	}
	r, err := ai.ReviewGame(ctx, judge, start, s.plies)
	if err != nil {
		return nil, err
	}
	chart := render.Chart{Title: fmt.Sprintf("%s #%d · %s", s.game.Title(), s.g.ID, exactness(r.Exact)), Seats: s.game.Seats(), Chance: []float64{r.Start}}
	for _, p := range r.Plies {
		chart.Chance = append(chart.Chance, p.Chance)
	}
	var fields []*discordgo.MessageEmbedField
	for seat := games.First; seat <= games.Second; seat++ {
		worst := r.Costliest(seat, 3)
		for _, p := range worst {
			chart.Marks = append(chart.Marks, p.N)
		}
		if s.g.Human(seat) {
			fields = append(fields, &discordgo.MessageEmbedField{Name: clip(fmt.Sprintf("Costliest moves of %s (%s)", b.lookupName(s.g.Players[seat]), s.seatName(seat)), 256),
				Value: clip(costText(s, worst), 1024)})
		}
	}
	png, err := render.ReviewChart(lang.En, chart)
	if err != nil {
		return nil, err
	}
	return &Message{
		Embeds: []*discordgo.MessageEmbed{{
			Title:       clip(fmt.Sprintf("Review of %s #%d · %s", s.game.Title(), s.g.ID, configText(s.game, s.g.Config)), 256),
			Description: clip(reviewIntro(s, r), 4096),
			Color:       kindColour(s.g.Kind),
			Fields:      fields,
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://review.png"},
		}},
		Files: []File{{Name: "review.png", ContentType: "image/png", Data: png,
			Description: clip(chartAlt(s, r), 1024)}},
	}, nil
}

func exactness(exact bool) string {
	if exact {
		return "exact chances"
	}
	return "the engine's estimate"
}

func reviewIntro(s *state, r ai.Review) string {
	how := "These are the engine's estimates: a search, not a proof."
	if r.Exact {
		how = "These chances are exact: Kilab has solved this game, so they assume perfect play by both from each point."
	}
	return fmt.Sprintf("%s's chance of winning after every ply, %s at the start. Red dots mark the costliest moves. %s\n**Result**: %s",
		titleCase(s.seatName(games.First)), pct1(r.Start), how, s.resultText())
}

// costText lists moves as "ply 12: played 5-8 (5 → 8); best 3-7 (3 → 7), 12.3 points of winning chance".
func costText(s *state, worst []ai.PlyReview) string {
	if len(worst) == 0 {
		return "None: every move was as good as the best."
	}
	var lines []string
	for _, p := range worst {
		lines = append(lines, fmt.Sprintf("Ply %d: played `%s`; best `%s`, %.1f points of winning chance better",
			p.N, p.Ply.Move, p.Best, 100*p.Cost))
	}
	return strings.Join(lines, "\n")
}

// pct1 is a chance as a percentage with one decimal.
func pct1(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }

// chartAlt says in words what the chart shows.
func chartAlt(s *state, r ai.Review) string {
	lo, hi := r.Start, r.Start
	for _, p := range r.Plies {
		lo, hi = min(lo, p.Chance), max(hi, p.Chance)
	}
	return fmt.Sprintf("Chart of %s's winning chance over %d plies of %s #%d: %s at the start, between %s and %s during the game, %s at the end.",
		s.seatName(games.First), len(r.Plies), s.game.Title(), s.g.ID, pct1(r.Start), pct1(lo), pct1(hi), pct1(r.Plies[len(r.Plies)-1].Chance))
}
