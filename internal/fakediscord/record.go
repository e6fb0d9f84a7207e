package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Request is one REST call the fake received, kept in arrival order.
type Request struct {
	// Seq numbers requests from 1 in the order they arrived.
	Seq  int
	Time time.Time
	// Host is the host the client addressed (discord.com) before Transport
	// rewrote it.
	Host   string
	Method string
	// Path is the path as sent, e.g. /api/v9/channels/123/messages.
	Path string
	// Route is the operation in the OpenAPI spec's terms, method and path
	// template without the version: "POST /channels/{channel_id}/messages".
	// Empty when the fake does not know the endpoint.
	Route string
	// Params are the path parameters of Route by their spec names.
	Params      map[string]string
	Query       url.Values
	Header      http.Header
	ContentType string
	Body        []byte
	// JSON is the JSON body, or for multipart bodies the payload_json part.
	JSON json.RawMessage
	// Files are the files[n] parts of a multipart body, in order.
	Files []File
	// Status and Response are what the fake answered.
	Status     int
	Response   []byte
	Violations []Violation
}

// File is one uploaded file part.
type File struct {
	Field       string // files[0]
	Filename    string
	ContentType string
	Size        int
	Data        []byte
}

// Is reports whether the request is for route ("POST /channels/{channel_id}/messages").
func (r *Request) Is(route string) bool { return r.Route == route }

// Decode unmarshals the JSON body (or payload_json) into v.
func (r *Request) Decode(v any) error {
	if len(r.JSON) == 0 {
		return fmt.Errorf("fakediscord: %s %s has no JSON body", r.Method, r.Path)
	}
	return json.Unmarshal(r.JSON, v)
}

// String is a one-line summary for test logs.
func (r *Request) String() string {
	return fmt.Sprintf("#%d %s %s -> %d", r.Seq, r.Method, r.Path, r.Status)
}

// readRequest captures everything about an incoming request, multipart parts
// included, before any handler runs.
func readRequest(hr *http.Request) (*Request, error) {
	body, err := io.ReadAll(hr.Body)
	if err != nil {
		return nil, err
	}
	r := &Request{
		Time: time.Now(), Host: hr.Header.Get(originalHostHeader), Method: hr.Method,
		Path: hr.URL.Path, Query: hr.URL.Query(), Header: hr.Header.Clone(),
		ContentType: hr.Header.Get("Content-Type"), Body: body,
	}
	if r.Host == "" {
		r.Host = hr.Host
	}
	r.Header.Del(originalHostHeader)
	return r, r.parseBody()
}

func (r *Request) parseBody() error {
	if len(r.Body) == 0 {
		return nil
	}
	mt, params, err := mime.ParseMediaType(r.ContentType)
	if err != nil {
		return fmt.Errorf("bad Content-Type %q: %v", r.ContentType, err)
	}
	switch mt {
	case "application/json":
		if !json.Valid(r.Body) {
			return fmt.Errorf("body is not valid JSON")
		}
		r.JSON = r.Body
		return nil
	case "multipart/form-data":
		return r.parseMultipart(params["boundary"])
	}
	return fmt.Errorf("unsupported Content-Type %q", mt)
}

var fileField = regexp.MustCompile(`^files\[(\d+)\]$`)

func (r *Request) parseMultipart(boundary string) error {
	mr := multipart.NewReader(bytes.NewReader(r.Body), boundary)
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("bad multipart body: %v", err)
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return fmt.Errorf("bad multipart part %q: %v", p.FormName(), err)
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			if !json.Valid(data) {
				return fmt.Errorf("payload_json is not valid JSON")
			}
			r.JSON = data
		case fileField.MatchString(name):
			r.Files = append(r.Files, File{
				Field: name, Filename: p.FileName(), ContentType: p.Header.Get("Content-Type"),
				Size: len(data), Data: data,
			})
		default:
			return fmt.Errorf("unexpected multipart field %q (Discord reads payload_json and files[n])", name)
		}
	}
}

// fileIndex is n in a files[n] field name.
func fileIndex(field string) string {
	m := fileField.FindStringSubmatch(field)
	if m == nil {
		return ""
	}
	return m[1]
}

// Requests returns every request received so far, oldest first.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.requests...)
}

// Find returns the requests matching pred, oldest first.
func (s *Server) Find(pred func(*Request) bool) []*Request {
	var out []*Request
	for _, r := range s.Requests() {
		if pred(r) {
			out = append(out, r)
		}
	}
	return out
}

// WaitFor returns the first request (oldest first) matching pred, waiting
// for one to arrive until ctx ends.
func (s *Server) WaitFor(ctx context.Context, pred func(*Request) bool) (*Request, error) {
	var found *Request
	err := s.wait(ctx, func() bool {
		for _, r := range s.requests {
			if pred(r) {
				found = r
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, fmt.Errorf("fakediscord: no matching request: %w (last: %s)", err, s.lastRequests(5))
	}
	return found, nil
}

// wait calls cond with s.mu held after every change until it holds or ctx ends.
func (s *Server) wait(ctx context.Context, cond func() bool) error {
	return s.waitWoken(ctx, cond, func() chan struct{} { return s.changed })
}

// waitChannel is wait for a cond on channelID's messages alone: it wakes
// when a message there is posted, edited or deleted, not on every change.
func (s *Server) waitChannel(ctx context.Context, channelID string, cond func() bool) error {
	return s.waitWoken(ctx, cond, func() chan struct{} {
		ch := s.inChannel[channelID]
		if ch == nil {
			ch = make(chan struct{})
			s.inChannel[channelID] = ch
		}
		return ch
	})
}

// waitWoken calls cond with s.mu held until it holds or ctx ends, again
// each time the channel woken returns (also with s.mu held) is closed.
func (s *Server) waitWoken(ctx context.Context, cond func() bool, woken func() chan struct{}) error {
	for {
		s.mu.Lock()
		ok := cond()
		var ch chan struct{}
		if !ok {
			ch = woken()
		}
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (s *Server) lastRequests(n int) string {
	rs := s.Requests()
	if len(rs) > n {
		rs = rs[len(rs)-n:]
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.String()
	}
	return strings.Join(parts, "; ")
}

// Sent returns the ids of the messages posted in channel whose content held
// text when posted, whatever became of them since, each once however many
// tries posted it (a nonce's repeat answers with the same message).
func (s *Server) Sent(channel, text string) []string {
	var ids []string
	for _, r := range s.Find(func(r *Request) bool {
		return r.Route == "POST /channels/{channel_id}/messages" && r.Params["channel_id"] == channel
	}) {
		var body, answer struct{ Content, ID string }
		if r.Status != http.StatusOK || r.Decode(&body) != nil || !strings.Contains(body.Content, text) || json.Unmarshal(r.Response, &answer) != nil {
			continue
		}
		if !slices.Contains(ids, answer.ID) {
			ids = append(ids, answer.ID)
		}
	}
	return ids
}
