package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
)

// assets are the embedded styles and scripts, each with a hash of its
// bytes: pages name them with it (asset), so that a browser keeps one for
// a year and a new build's is a new address.
type assets struct {
	files map[string]asset
}

type asset struct {
	data packed
	etag string
}

func loadAssets() *assets {
	a := &assets{files: map[string]asset{}}
	entries, err := fs.ReadDir(staticFS, "static")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		data, err := fs.ReadFile(staticFS, "static/"+e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(data)
		a.files[e.Name()] = asset{data: pack(data), etag: hex.EncodeToString(sum[:8])}
	}
	return a
}

// path is the address of the asset named name, with its hash.
func (a *assets) path(name string) string {
	return "/static/" + name + "?v=" + a.files[name].etag
}

// serve answers an asset, or 304 where the browser holds it already.
func (a *assets) serve(w http.ResponseWriter, r *http.Request) {
	f, ok := a.files[r.PathValue("file")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", mime.TypeByExtension(path.Ext(r.PathValue("file"))))
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	if notModified(w, r, `"`+f.etag+`"`) {
		return
	}
	f.data.write(w, r)
}

// notModified sets etag on the answer and answers 304 where the request
// holds it already.
func notModified(w http.ResponseWriter, r *http.Request, etag string) bool {
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}
