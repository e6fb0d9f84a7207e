package learn

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
)

// Net is a network of In inputs, one hidden layer of Hidden sigmoid units
// and one sigmoid output. Kind names what its inputs mean ("tab/1"), so
// that a file made for other inputs is refused rather than misread.
type Net struct {
	Kind       string
	In, Hidden int
	W1         []float64 // input i to hidden unit h at W1[i*Hidden+h]: an input's weights side by side, for sparse inputs
	B1         []float64 // Hidden
	W2         []float64 // Hidden
	B2         float64
}

// New is a network with small random weights drawn from seed.
func New(kind string, in, hidden int, seed uint64) *Net {
	r := rand.New(rand.NewPCG(seed, 0x4b494c4142))
	n := &Net{Kind: kind, In: in, Hidden: hidden, W1: make([]float64, in*hidden), B1: make([]float64, hidden), W2: make([]float64, hidden)}
	for i := range n.W1 {
		n.W1[i] = (r.Float64()*2 - 1) * 0.1
	}
	for i := range n.W2 {
		n.W2[i] = (r.Float64()*2 - 1) * 0.1
	}
	return n
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// Eval is the network's output for inputs x (len In), the chance that the
// side to move wins. hid, of len Hidden, receives the hidden units'
// activations (Grad needs them); most inputs are 0 and cost nothing.
func (n *Net) Eval(x, hid []float64) float64 { return sigmoid(n.Logit(x, hid)) }

// Logit is Eval's log-odds, ln(y/(1-y)), without the output's sigmoid: a
// search that scores positions by log-odds saves an exponential and a
// logarithm at every leaf.
func (n *Net) Logit(x, hid []float64) float64 {
	copy(hid, n.B1)
	hid = hid[:n.Hidden]
	for i, v := range x {
		if v == 0 {
			continue
		}
		w := n.W1[i*n.Hidden : (i+1)*n.Hidden]
		if v == 1 { // most inputs say yes or no
			addTo(hid, w)
			continue
		}
		w = w[:len(hid)] // the same length: no bounds checks below
		for h := range hid {
			hid[h] += v * w[h]
		}
	}
	out := n.B2
	w2 := n.W2[:len(hid)]
	for h := range hid {
		hid[h] = sigmoid(hid[h])
		out += w2[h] * hid[h]
	}
	return out
}

// addTo adds w to hid, term by term, four at a time: a search's leaves
// spend most of their time here, and each sum gets the same additions in
// the same order as one at a time.
func addTo(hid, w []float64) {
	w = w[:len(hid)]
	h := 0
	for ; h+4 <= len(hid); h += 4 {
		d, s := hid[h:h+4:h+4], w[h:h+4:h+4]
		d[0] += s[0]
		d[1] += s[1]
		d[2] += s[2]
		d[3] += s[3]
	}
	for ; h < len(hid); h++ {
		hid[h] += w[h]
	}
}

// Value is Eval with a buffer of its own.
func (n *Net) Value(x []float64) float64 { return n.Eval(x, make([]float64, n.Hidden)) }

// step moves every weight by rate times the gradient of the output y at x
// (hid being Eval's hidden activations there): rate > 0 raises the output,
// rate < 0 lowers it. Only the weights of the non-zero inputs move.
func (n *Net) step(x, hid []float64, y, rate float64) {
	dOut := rate * y * (1 - y)
	for h, a := range hid {
		dHid := dOut * n.W2[h] * a * (1 - a)
		n.W2[h] += dOut * a
		n.B1[h] += dHid
		hid[h] = dHid // hid now holds each hidden unit's share, for W1
	}
	n.B2 += dOut
	for i, v := range x {
		if v == 0 {
			continue
		}
		w := n.W1[i*n.Hidden : (i+1)*n.Hidden]
		for h := range w {
			w[h] += v * hid[h]
		}
	}
}

// magic opens a network's file.
const magic = "KILABNN1"

// Save writes n: the magic, its kind, its sizes, then every weight as a
// little-endian float32 (the precision play needs, half the size).
func (n *Net) Save(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(magic)
	binary.Write(bw, binary.LittleEndian, uint16(len(n.Kind)))
	bw.WriteString(n.Kind)
	binary.Write(bw, binary.LittleEndian, [2]uint32{uint32(n.In), uint32(n.Hidden)})
	for _, part := range [][]float64{n.W1, n.B1, n.W2, {n.B2}} {
		for _, v := range part {
			binary.Write(bw, binary.LittleEndian, float32(v))
		}
	}
	return bw.Flush()
}

// ErrFile is a file that is not a network, or not of the kind asked for.
var ErrFile = errors.New("learn: not a network of this kind")

// Load reads a network of kind that Save wrote.
func Load(data []byte, kind string) (*Net, error) {
	r := bytes.NewReader(data)
	head := make([]byte, len(magic))
	var klen uint16
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic || binary.Read(r, binary.LittleEndian, &klen) != nil {
		return nil, fmt.Errorf("%w: no header", ErrFile)
	}
	k := make([]byte, klen)
	var sizes [2]uint32
	if _, err := io.ReadFull(r, k); err != nil || binary.Read(r, binary.LittleEndian, &sizes) != nil {
		return nil, fmt.Errorf("%w: no sizes", ErrFile)
	}
	if string(k) != kind {
		return nil, fmt.Errorf("%w: %q, want %q", ErrFile, k, kind)
	}
	in, hidden := int(sizes[0]), int(sizes[1])
	if in <= 0 || hidden <= 0 || in*hidden > 1<<24 || r.Len() != 4*(in*hidden+2*hidden+1) {
		return nil, fmt.Errorf("%w: %d inputs, %d hidden units, %d bytes of weights", ErrFile, in, hidden, r.Len())
	}
	n := &Net{Kind: kind, In: in, Hidden: hidden, W1: make([]float64, in*hidden), B1: make([]float64, hidden), W2: make([]float64, hidden)}
	var b2 [1]float64
	for _, part := range [][]float64{n.W1, n.B1, n.W2, b2[:]} {
		for i := range part {
			var v float32
			binary.Read(r, binary.LittleEndian, &v)
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("%w: a weight is %v", ErrFile, v) // it would make every output NaN
			}
			part[i] = float64(v)
		}
	}
	n.B2 = b2[0]
	return n, nil
}

// File is a network's file as kilab train writes it, handed to the level
// that plays from it (through ai.Env, kilab arena --net): the level reads
// it with Load, as the kind its game and configuration want.
type File []byte

// SHA256 is f's SHA-256 in hex: what a judge's calibration is tied to, so
// that a network trained anew is not taken for the one that was checked.
func (f File) SHA256() string {
	sum := sha256.Sum256(f)
	return hex.EncodeToString(sum[:])
}
