package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// reviewBudget bounds the making of one review, as /review's: Aseb's solved
// tables answer in milliseconds, a long Seega game's searches can take a
// minute on a busy machine.
const reviewBudget = 2 * time.Minute

// reviewWait is how long, by default, a finished game's page waits for its
// review (Config.ReviewWait) before it is shown without one, saying that
// the review is being made; the page's script shows it once it is
// (game.js). Most games' reviews are made well within it, and a reader is
// not kept waiting by the rest.
const reviewWait = 2 * time.Second

// maxReviewJobs bounds the reviews waiting to be made, one at a time: past
// it a page says its review is being made but starts none, until a later
// visit finds room (a crawler opening every finished game queues no more).
const maxReviewJobs = 16

var (
	// errNoReview: the game has no review to show (in play, no plies, no
	// judge for its configuration, or its review could not be made).
	errNoReview = errors.New("web: no review for this game")
	// errReviewPending: the review is being made and was not ready in time.
	errReviewPending = errors.New("web: the review is being made")
)

// reviewJob is a review being made: done is closed when it is over, with r
// the review, or nil where it could not be made.
type reviewJob struct {
	done chan struct{}
	r    *ai.Review
}

// reviewOf is the review of finished game sh, made once per version in the
// background and kept (reviews), one at a time per process (reviewing). It
// waits for it at most wait, then answers errReviewPending.
func (s *Server) reviewOf(ctx context.Context, sh *shown, wait time.Duration) (*ai.Review, error) {
	if sh.g.Active() || len(sh.plies) == 0 {
		return nil, errNoReview
	}
	key := sh.g.WebToken + "/" + strconv.FormatInt(sh.g.Version, 10)
	if r, ok := s.reviews.Get(key); ok {
		return orNone(r)
	}
	job, err := s.startReview(key, sh)
	if err != nil {
		return nil, err
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-job.done:
		return orNone(job.r)
	case <-t.C:
		return nil, errReviewPending
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, errReviewPending // the picture's making time is up
		}
		return nil, ctx.Err()
	}
}

// orNone is r, or errNoReview where it is nil (a review that could not be
// made, remembered so as not to try again at every visit).
func orNone(r *ai.Review) (*ai.Review, error) {
	if r == nil {
		return nil, errNoReview
	}
	return r, nil
}

// startReview is the job making key's review, started unless one is under
// way: errNoReview where the game has no judge, errReviewPending where too
// many wait already.
func (s *Server) startReview(key string, sh *shown) (*reviewJob, error) {
	if job := s.jobOf(key); job != nil {
		return job, nil
	}
	judge, err := s.judge(sh.g.Kind, sh.g.Config)
	if err != nil {
		return nil, errNoReview
	}
	s.jobsMu.Lock()
	defer s.jobsMu.Unlock()
	if job, ok := s.jobs[key]; ok { // begun while the judge was made
		return job, nil
	}
	if r, ok := s.reviews.Get(key); ok { // or even made: it is kept before its job ends
		job := &reviewJob{done: make(chan struct{}), r: r}
		close(job.done)
		return job, nil
	}
	if len(s.jobs) >= maxReviewJobs {
		return nil, errReviewPending
	}
	job := &reviewJob{done: make(chan struct{})}
	s.jobs[key] = job
	go s.makeReview(key, job, judge, sh)
	return job, nil
}

// jobOf is the job making key's review; nil for none.
func (s *Server) jobOf(key string) *reviewJob {
	s.jobsMu.Lock()
	defer s.jobsMu.Unlock()
	return s.jobs[key]
}

// makeReview makes job's review when its turn comes, keeps it, and lets the
// waiting pages know. One that fails (or runs out of time) is logged and
// kept as none: its page shows no review for the cache's hour rather than
// trying at every visit. One cut short by the server's stopping is not
// kept.
func (s *Server) makeReview(key string, job *reviewJob, judge ai.Judge, sh *shown) {
	defer func() {
		s.jobsMu.Lock()
		delete(s.jobs, key)
		s.jobsMu.Unlock()
		close(job.done)
	}()
	select {
	case s.reviewing <- struct{}{}:
	case <-s.base.Done():
		return // the server is stopping: nothing kept, made again if asked
	}
	defer func() { <-s.reviewing }()
	ctx, cancel := context.WithTimeout(s.base, reviewBudget)
	defer cancel()
	r, err := ai.ReviewGame(ctx, judge, sh.start, sh.plies)
	if s.base.Err() != nil {
		return
	}
	if err != nil {
		s.log.Warn("reviewing a game for its page", "game", sh.g.ID, "err", err)
		s.reviews.Put(key, nil)
		return
	}
	job.r = &r
	s.reviews.Put(key, job.r)
}

// reviewView is what game.html shows of a finished game's review.
type reviewView struct {
	Chart, Alt, How string
	Costliest       []costView
}

type costView struct {
	Title string
	Lines []string
}

// addReview adds to v the review of finished game sh, where it has one: the
// chart, how exact its figures are, each side's costliest moves, and each
// ply's chance and cost in the move list. A review still being made after
// reviewWait is said to be, and the page is not kept (v.ReviewPending); one
// that cannot be made leaves the page without one.
func (s *Server) addReview(ctx context.Context, v *gameView, sh *shown, l *lang.Lang) {
	r, err := s.reviewOf(ctx, sh, s.cfg.ReviewWait)
	if errors.Is(err, errReviewPending) {
		v.ReviewPending = l.T("web.review.pending")
		v.ReviewChart = "/g/" + sh.g.WebToken + "/review.png?lang=" + string(l.Tag())
		return
	}
	if err != nil {
		if !errors.Is(err, errNoReview) {
			s.log.Warn("reviewing a game for its page", "game", sh.g.ID, "err", err)
		}
		return
	}
	path := "/g/" + sh.g.WebToken
	rv := &reviewView{Chart: path + "/review.png?lang=" + string(l.Tag()), Alt: chartAlt(l, sh, r),
		How: l.T(trustKeys[r.Trust].how)}
	costly := map[int]bool{}
	for seat := games.First; seat <= games.Second; seat++ {
		worst := r.Costliest(seat, 3)
		cv := costView{Title: l.T("web.review.costliest", "Seat", games.SeatName(l, sh.game, seat))}
		for _, p := range worst {
			costly[p.N] = true
			cv.Lines = append(cv.Lines, l.T("web.review.cost", "N", p.N, "Played", p.Ply.Move, "Best", p.Best, "Points", fmt.Sprintf("%.1f", 100*p.Cost)))
		}
		if len(worst) == 0 {
			cv.Lines = []string{l.T("info.review.none")}
		}
		rv.Costliest = append(rv.Costliest, cv)
	}
	for i, p := range r.Plies {
		if i >= len(v.Moves) {
			break
		}
		m := &v.Moves[i]
		m.Chance = pct(p.Chance)
		if p.Choices > 1 && p.Cost >= 0.0005 {
			m.Cost = "−" + fmt.Sprintf("%.1f", 100*p.Cost)
		}
		if costly[p.N] {
			m.Costly, m.Class = v.Labels["costly"], m.Class+" costly"
		}
	}
	v.Review, v.ChanceOf = rv, l.T("web.review.chance", "Seat", games.SeatName(l, sh.game, games.First))
}

// trustKeys are the words for how far a review's figures are to be
// trusted, as /review has them: one for the chart's title, one that says
// what they are.
var trustKeys = map[ai.Trust]struct{ word, how string }{
	ai.Estimate:   {"info.review.estimate", "info.review.how_estimate"},
	ai.Calibrated: {"info.review.calibrated", "info.review.how_calibrated"},
	ai.Exact:      {"info.review.exact", "info.review.how_exact"},
}

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// pct is a chance as a whole percentage.
func pct(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

// chartAlt says in words what the chart shows.
func chartAlt(l *lang.Lang, sh *shown, r *ai.Review) string {
	lo, hi := r.Start, r.Start
	for _, p := range r.Plies {
		lo, hi = min(lo, p.Chance), max(hi, p.Chance)
	}
	p1 := func(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
	return l.T("info.review.alt", "Plies", l.N("info.n.plies", len(r.Plies)), "Seat", games.SeatName(l, sh.game, games.First),
		"Game", sh.game.Title(), "ID", sh.g.ID, "Start", p1(r.Start), "Low", p1(lo), "High", p1(hi), "End", p1(r.Plies[len(r.Plies)-1].Chance))
}

// reviewChart is a finished game's winning-chance chart, drawn as /review
// draws it, in the page's language. A finished game changes no more: its
// tag is its version and the language.
func (s *Server) reviewChart(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.visible(ctx, r.PathValue("token"))
	if err == nil && g.Active() {
		err = store.ErrNotFound
	}
	if err != nil {
		s.failed(w, r, err)
		return
	}
	l, _ := langOf(r)
	tag := fmt.Sprintf("review-%s-v%d", l.Tag(), g.Version)
	s.picture(w, r, "image/png", "private, max-age=86400", tag, g.WebToken+"/"+tag, func(ctx context.Context) ([]byte, error) { return s.drawChart(ctx, g, l) })
}

func (s *Server) drawChart(ctx context.Context, g store.Game, l *lang.Lang) ([]byte, error) {
	sh, err := s.load(ctx, g)
	if err != nil {
		return nil, err
	}
	rv, err := s.reviewOf(ctx, sh, makingTime)
	if errors.Is(err, errNoReview) {
		return nil, fmt.Errorf("%w: %w", store.ErrNotFound, err)
	}
	if err != nil {
		return nil, err
	}
	chart := render.Chart{Title: fmt.Sprintf("%s #%d · %s", sh.game.Title(), g.ID, l.T(trustKeys[rv.Trust].word)),
		Seats: [2]string{games.SeatName(l, sh.game, games.First), games.SeatName(l, sh.game, games.Second)}, Chance: []float64{rv.Start}}
	for _, p := range rv.Plies {
		chart.Chance = append(chart.Chance, p.Chance)
	}
	for seat := games.First; seat <= games.Second; seat++ {
		for _, p := range rv.Costliest(seat, 3) {
			chart.Marks = append(chart.Marks, p.N)
		}
	}
	return render.ReviewChart(l, chart)
}

// recordName is the file name a game's record downloads as.
func recordName(g store.Game) string { return fmt.Sprintf("kilab-%s-%d.txt", g.Kind, g.ID) }

// recordFile is a game's record as /history writes it: header lines marked
// with #, in the page's language, then one ply per line, its number and its
// token; the tokens alone, in order, are what kilab replay reads, and the
// header says how to feed them.
func (s *Server) recordFile(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.visible(ctx, r.PathValue("token"))
	if err != nil {
		s.failed(w, r, err)
		return
	}
	sh, err := s.load(ctx, g)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	l, _ := langOf(r)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+recordName(g)+`"`)
	w.Header().Set("Cache-Control", "private, no-cache")
	w.Write([]byte(recordText(l, sh)))
}

func recordText(l *lang.Lang, sh *shown) string {
	var b strings.Builder
	head := func(text string) { b.WriteString("# " + text + "\n") }
	g := sh.g
	head(l.T("info.record.title", "Game", sh.game.Title(), "ID", g.ID))
	head(l.T("info.record.game", "Kind", g.Kind))
	head(l.T("info.record.variant", "Config", g.Config.String()))
	head(l.T("info.record.result", "Result", resultText(l, sh)))
	flags := g.Config.Flags()
	old, oldest := games.OldRevisions(sh.start, sh.plies)
	if oldest > 0 {
		head(l.N("info.record.old_rules", len(old)))
		flags += fmt.Sprintf(" --revision %d", oldest)
	}
	head(l.T("info.record.replay", "Kind", g.Kind, "Flags", flags, "File", recordName(g)))
	for n, p := range sh.plies {
		if rev, ok := old[n]; ok {
			fmt.Fprintf(&b, "%d\t%s\t%s\n", n+1, p, l.T("info.record.old_ply", "Revision", rev))
			continue
		}
		fmt.Fprintf(&b, "%d\t%s\n", n+1, p)
	}
	if pos, _, err := sh.at(len(sh.plies)); err == nil {
		head(l.T("info.record.position", "Position", pos.String()))
	}
	return b.String()
}

// resultText is how the game stands, as the record file says it.
func resultText(l *lang.Lang, sh *shown) string {
	g := sh.g
	w, won := g.Result.Winner()
	switch {
	case won:
		return l.T("info.record.won", "Seat", games.SeatName(l, sh.game, w))
	case g.Result == store.Draw:
		return l.T("info.record.draw")
	case g.Result == store.Aborted:
		return l.T("info.record.aborted")
	}
	return l.T("info.record.to_move", "Seat", games.SeatName(l, sh.game, g.ToMove))
}
