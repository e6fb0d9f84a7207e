package fakediscord

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// call is one REST request on its way through the fake.
type call struct {
	s      *Server
	req    *Request
	hr     *http.Request
	status int
	resp   []byte
	header http.Header
	// after runs once the response is recorded: gateway events that Discord
	// sends as a consequence of the call (MESSAGE_CREATE, THREAD_CREATE).
	after []func()
}

func (c *call) param(name string) string { return c.req.Params[name] }

// json answers with v encoded as JSON.
func (c *call) json(status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.s.errorf("encoding the answer to %s %s: %v", c.req.Method, c.req.Path, err)
		c.status, c.resp = http.StatusInternalServerError, nil
		return
	}
	c.status, c.resp = status, b
}

func (c *call) noContent() { c.status, c.resp = http.StatusNoContent, nil }

// fail answers with Discord's JSON error shape: {"message": ..., "code": ...}.
func (c *call) fail(status, code int, message string) {
	c.json(status, apiError{Message: message, Code: code})
}

type apiError struct {
	Message string          `json:"message"`
	Code    int             `json:"code"`
	Errors  json.RawMessage `json:"errors,omitempty"`
}

// Discord's JSON error codes the fake answers with.
const (
	codeGeneral            = 0
	codeUnknownChannel     = 10003
	codeUnknownMember      = 10007
	codeUnknownMessage     = 10008
	codeUnknownUser        = 10013
	codeUnknownWebhook     = 10015
	codeUnknownInteraction = 10062
	codeMissingAccess      = 50001
	codeCannotEditOthers   = 50005
	codeEmptyMessage       = 50006
	codeCannotDM           = 50007
	codeMissingPermissions = 50013
	codeInvalidRecipients  = 50033
	codeInvalidFormBody    = 50035
	codeInvalidJSON        = 50109
	codeAlreadyAcked       = 40060
	codeThreadExists       = 160004
	codeThreadArchived     = 50083
)

type route struct {
	pattern string // "POST /channels/{channel_id}/messages"
	auth    bool   // needs the bot token
	h       func(*call)
}

var paramName = regexp.MustCompile(`\{([a-z_]+)\}`)

func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		mux.HandleFunc(method+" /api/{version}"+path, func(w http.ResponseWriter, hr *http.Request) {
			s.serveREST(w, hr, rt)
		})
	}
	mux.HandleFunc("GET /attachments/{channel_id}/{attachment_id}/{filename}", s.serveCDN)
	mux.HandleFunc("GET /{$}", s.serveGateway)
	mux.HandleFunc("/", s.serveUnknown)
	return mux
}

func (s *Server) routes() []route {
	var rs []route
	rs = append(rs, s.metaRoutes()...)
	rs = append(rs, s.commandRoutes()...)
	rs = append(rs, s.interactionRoutes()...)
	rs = append(rs, s.messageRoutes()...)
	rs = append(rs, s.threadRoutes()...)
	return rs
}

// serveREST runs one call through the checks Discord makes before it acts:
// API version, body parsing, authorization, rate limits, then body rules.
func (s *Server) serveREST(w http.ResponseWriter, hr *http.Request, rt route) {
	req, err := readRequest(hr)
	c := &call{s: s, req: req, hr: hr, header: http.Header{}}
	if req == nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req.Route = rt.pattern
	req.Params = map[string]string{}
	for _, m := range paramName.FindAllStringSubmatch(rt.pattern, -1) {
		req.Params[m[1]] = hr.PathValue(m[1])
	}
	switch v := hr.PathValue("version"); {
	case v != "v9" && v != "v10":
		c.fail(http.StatusNotFound, codeGeneral, "404: Not Found")
		s.errorf("%s %s: API version %q (discordgo speaks v9; Discord serves v9 and v10)", req.Method, req.Path, v)
	case err != nil:
		c.fail(http.StatusBadRequest, codeInvalidJSON, "The request body contains invalid JSON.")
		s.errorf("%s %s: %v", req.Method, req.Path, err)
	case rt.auth && hr.Header.Get("Authorization") != s.Token():
		c.fail(http.StatusUnauthorized, codeGeneral, "401: Unauthorized")
	case s.rateLimited(c):
	case s.limited(c):
	case s.validate(c):
	case s.held(c, false):
		return // the client is gone: Discord never saw the request
	case s.injectedFault(c):
	default:
		rt.h(c)
		_ = s.held(c, true) // applied whatever happens to the answer
	}
	s.finish(w, c)
}

// finish writes the answer, records the call and then sends the gateway
// events it caused, in that order so a bot sees its REST answer first, as
// with Discord.
func (s *Server) finish(w http.ResponseWriter, c *call) {
	for k, vs := range c.header {
		w.Header()[k] = vs
	}
	if c.resp != nil {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(c.status)
	_, _ = w.Write(c.resp)
	c.req.Status, c.req.Response = c.status, c.resp
	s.lim.count(c.req, c.status, c.header.Get("X-RateLimit-Scope"))
	s.mu.Lock()
	s.seq++
	c.req.Seq = s.seq
	s.requests = append(s.requests, c.req)
	if n := s.cfg.keepRequests; n > 0 && len(s.requests) > 2*n {
		s.requests = append([]*Request(nil), s.requests[len(s.requests)-n:]...)
	}
	s.broadcast()
	s.mu.Unlock()
	for _, f := range c.after {
		f()
	}
}

func (s *Server) serveUnknown(w http.ResponseWriter, hr *http.Request) {
	req, _ := readRequest(hr)
	if req == nil {
		req = &Request{Method: hr.Method, Path: hr.URL.Path}
	}
	c := &call{s: s, req: req, hr: hr, header: http.Header{}}
	c.fail(http.StatusNotFound, codeGeneral, "404: Not Found")
	s.errorf("the fake has no endpoint %s %s: add it to internal/fakediscord if the bot needs it", hr.Method, hr.URL.Path)
	s.finish(w, c)
}

// serveCDN serves attachment bytes at the URL Discord gives them.
func (s *Server) serveCDN(w http.ResponseWriter, hr *http.Request) {
	id := hr.PathValue("attachment_id")
	s.mu.Lock()
	var found *Attachment
	for _, m := range s.messages {
		for i := range m.Attachments {
			if m.Attachments[i].ID == id && m.ChannelID == hr.PathValue("channel_id") {
				found = &m.Attachments[i]
			}
		}
	}
	s.mu.Unlock()
	if found == nil || found.Filename != hr.PathValue("filename") {
		http.NotFound(w, hr)
		return
	}
	w.Header().Set("Content-Type", found.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(found.Size))
	_, _ = w.Write(found.Data)
}

// rateLimit is a 429 armed for the next matching request.
type rateLimit struct {
	match      func(*Request) bool
	retryAfter time.Duration
	global     bool
}

// RateLimit makes the next request matching route ("POST
// /channels/{channel_id}/messages", or "" for any) answer 429 Too Many
// Requests with retry_after, as Discord does when a bucket runs dry.
// discordgo waits and retries by itself unless ShouldRetryOnRateLimit is off.
// LimitStats counts these apart from the 429s earned against the limits.
func (s *Server) RateLimit(route string, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rateLimits = append(s.rateLimits, &rateLimit{
		match:      func(r *Request) bool { return route == "" || r.Route == route },
		retryAfter: retryAfter,
	})
}

func (s *Server) rateLimited(c *call) bool {
	s.mu.Lock()
	var rl *rateLimit
	for i, x := range s.rateLimits {
		if x.match(c.req) {
			rl = x
			s.rateLimits = append(s.rateLimits[:i], s.rateLimits[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	if rl == nil {
		return false
	}
	secs := rl.retryAfter.Seconds()
	scope := map[bool]string{false: "user", true: "global"}[rl.global]
	c.header.Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	c.header.Set("X-RateLimit-Limit", "5")
	c.header.Set("X-RateLimit-Remaining", "0")
	c.header.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	c.header.Set("X-RateLimit-Bucket", bucketHash(c.req.Route))
	c.header.Set("X-RateLimit-Scope", scope)
	if rl.global {
		c.header.Set("X-RateLimit-Global", "true")
	}
	s.lim.countInjected(scope)
	c.json(http.StatusTooManyRequests, rateLimitBody("You are being rate limited.", secs, rl.global))
	return true
}
