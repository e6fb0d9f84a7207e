package seegaai

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"kilab/ai/learn"
	"kilab/games"
	"kilab/games/seega"
)

// The shipped networks, one for each board size that has one (seegaN.knn
// for N x N), made by kilab train: docs/ai.md says with which command. On
// a size without one, hard plays as classic.
//
//go:embed seega*.knn
var shippedFiles embed.FS

// shippedNets reads every shipped network once, by board size.
var shippedNets = sync.OnceValues(func() (map[int]*learn.Net, error) {
	out := map[int]*learn.Net{}
	for _, n := range []int{5, 7, 9} {
		data, err := shippedFiles.ReadFile(fmt.Sprintf("seega%d.knn", n))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		net, err := learn.Load(data, netKind(n))
		if err != nil {
			return nil, fmt.Errorf("seegaai: the shipped network for %d x %d: %w", n, n, err)
		}
		out[n] = net
	}
	return out, nil
})

// shippedNet is the network shipped for cfg's board; ok is false, and net
// nil, where none is.
func shippedNet(cfg games.Config) (net *learn.Net, ok bool, err error) {
	start, err := seega.New(cfg)
	if err != nil {
		return nil, false, err
	}
	nets, err := shippedNets()
	if err != nil {
		return nil, false, err
	}
	net, ok = nets[start.Size()]
	return net, ok, nil
}

// shippedSums are the shipped networks' SHA-256s, by board size, reckoned
// once.
var shippedSums = sync.OnceValue(func() map[int]string {
	out := map[int]string{}
	for _, n := range []int{5, 7, 9} {
		if data, err := shippedFiles.ReadFile(fmt.Sprintf("seega%d.knn", n)); err == nil {
			out[n] = learn.File(data).SHA256()
		}
	}
	return out
})

// shippedSum is the SHA-256, in hex, of the network shipped for cfg's
// board; "" where none is.
func shippedSum(cfg games.Config) string {
	start, err := seega.New(cfg)
	if err != nil {
		return ""
	}
	return shippedSums()[start.Size()]
}
