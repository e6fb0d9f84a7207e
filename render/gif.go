package render

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"

	"kilab/games"
	"kilab/lang"
)

// Replay limits.
const (
	// MaxReplay is the most bytes a replay takes: Discord's 8 MiB upload limit
	// for a server without boosts.
	MaxReplay      = 8 << 20
	frameDelay     = 70  // hundredths of a second per ply
	lastFrameDelay = 400 // the final position stays longer
)

// replayLimit is MaxReplay, lowered by tests to see long games cut down.
var replayLimit = MaxReplay

// maxReplayFrames caps the frames drawn, so a very long game takes seconds,
// not minutes; longer games keep every second ply, or third, and so on. The
// tests lower it to see the cap at work in a tenth of the drawing.
var maxReplayFrames = 600

// Replay draws a whole game as an animated GIF: the start, then the position
// after each ply of the record, the last move and throws marked as on the
// board pictures, the final position held longer. A long game keeps only
// every n-th ply (and always the last) so that the file stays within
// MaxReplay. Frames store only the rectangle that changed since the frame
// before, with unchanged pixels transparent, as Lichess's GIF service does.
// The frames' words are in l.
func Replay(l *lang.Lang, game games.Game, cfg games.Config, plies []games.Ply) ([]byte, error) {
	if _, err := artFor(game); err != nil {
		return nil, err
	}
	start, err := game.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	frames := len(plies) + 1
	stride := (frames + maxReplayFrames - 1) / maxReplayFrames
	for {
		out, err := encodeReplay(l, game, cfg, start, plies, stride)
		if err != nil || len(out) <= replayLimit {
			return out, err
		}
		if stride >= frames {
			return nil, fmt.Errorf("render: a replay of %d bytes even with two frames", len(out))
		}
		// Drop frames in proportion to the excess, with a margin.
		stride = max(stride+1, stride*len(out)/replayLimit*5/4)
	}
}

// encodeReplay draws the start and every stride-th ply after it.
func encodeReplay(l *lang.Lang, game games.Game, cfg games.Config, start games.Position, plies []games.Ply, stride int) ([]byte, error) {
	first, err := picture(l, game, cfg, start, Last{})
	if err != nil {
		return nil, err
	}
	q := palette()
	first.Palette = q.gif
	anim := &gif.GIF{
		Image:  []*image.Paletted{first},
		Delay:  []int{frameDelay},
		Config: image.Config{ColorModel: q.gif, Width: first.Rect.Dx(), Height: first.Rect.Dy()},
	}
	prev := first
	err = walk(start, plies, func(i int, pos games.Position, last Last) error {
		if (i+1)%stride != 0 && i != len(plies)-1 {
			return nil
		}
		img, err := picture(l, game, cfg, pos, last)
		if err != nil {
			return err
		}
		if d := delta(prev, img); d != nil {
			anim.Image = append(anim.Image, d)
			anim.Delay = append(anim.Delay, frameDelay)
			anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		}
		if prev != first { // the first is a frame of its own; the others live on as deltas
			releasePicture(prev)
		}
		prev = img
		return nil
	})
	if err != nil {
		return nil, err
	}
	if prev != first {
		releasePicture(prev)
	}
	anim.Disposal = append([]byte{gif.DisposalNone}, anim.Disposal...)
	anim.Delay[len(anim.Delay)-1] = lastFrameDelay
	return encodeGIF(anim)
}

// delta returns the part of next that differs from prev, as a frame of its
// own with the unchanged pixels transparent; nil when nothing changed.
func delta(prev, next *image.Paletted) *image.Paletted {
	r := changed(prev, next)
	if r.Empty() {
		return nil
	}
	out := image.NewPaletted(r, palette().gif)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		p := prev.Pix[prev.PixOffset(r.Min.X, y):][:r.Dx()]
		n := next.Pix[next.PixOffset(r.Min.X, y):][:r.Dx()]
		unchanged(out.Pix[out.PixOffset(r.Min.X, y):][:r.Dx()], p, n)
	}
	return out
}

// changed is the smallest rectangle holding every pixel that differs.
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w := a.Rect.Dx()
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		pa := a.Pix[a.PixOffset(a.Rect.Min.X, y):][:w]
		pb := b.Pix[b.PixOffset(b.Rect.Min.X, y):][:w]
		if bytes.Equal(pa, pb) {
			continue
		}
		lo, hi := 0, w-1
		for pa[lo] == pb[lo] {
			lo++
		}
		for pa[hi] == pb[hi] {
			hi--
		}
		r = r.Union(image.Rect(a.Rect.Min.X+lo, y, a.Rect.Min.X+hi+1, y+1))
	}
	return r
}
