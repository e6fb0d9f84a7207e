package web

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
)

// packed is an answer's body as it is and gzipped, made once: a long
// game's page is a hundred kilobytes of move list that compresses to
// fourteen, and most browsers take it so.
type packed struct {
	plain, gz []byte
}

func pack(b []byte) packed {
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	w.Write(b)
	w.Close()
	if z.Len() >= len(b) {
		return packed{plain: b}
	}
	return packed{plain: b, gz: z.Bytes()}
}

// write sends p, gzipped where the request takes it.
func (p packed) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	body := p.plain
	if p.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = p.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsGzip says the request's Accept-Encoding lists gzip with a
// weight above zero.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q, found := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !found {
			return true
		}
		w, err := strconv.ParseFloat(q, 64)
		return err == nil && w > 0
	}
	return false
}
