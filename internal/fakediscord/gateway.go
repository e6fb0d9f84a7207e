package fakediscord

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes (Discord's "Gateway Opcodes" table).
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// privilegedIntents need approval in the developer portal; a bot asking for
// them unapproved is disconnected with 4014.
const privilegedIntents = 1<<1 | 1<<8 | 1<<15

type gatewayState struct {
	sessions map[string]*gwSession
	// current holds, per shard [id, count], the session last identified or
	// resumed for it: dispatches for the shard's guilds go there.
	current  map[[2]int]*gwSession
	attaches int // counts attachments, to prefer the newest session
	conns    map[*gwConn]bool
}

func (g *gatewayState) init() {
	g.sessions = map[string]*gwSession{}
	g.current = map[[2]int]*gwSession{}
	g.conns = map[*gwConn]bool{}
}

// gwSession is a gateway session: it outlives connections, so a client that
// resumes gets the events it missed.
type gwSession struct {
	id       string
	num      int    // order of identification
	shard    [2]int // [shard_id, num_shards] from IDENTIFY; [0, 1] without
	attached int    // when it was last attached, in gatewayState.attaches
	intents  int64
	compress bool
	resumes  int
	// connected says, under Server.mu, whether a connection carries the
	// session; waiters read it without taking sendMu. beats counts the
	// heartbeats on that connection.
	connected bool
	beats     int

	// sendMu orders sequence numbers and writes, so events reach the client
	// in sequence order.
	sendMu sync.Mutex
	seq    int64
	events [][]byte // every dispatch, for replay on resume
	// keep bounds events to the last keep (WithRequestLog); dropped counts
	// those let go, so that events[i] is dispatch dropped+i+1.
	keep    int
	dropped int64
	conn    *gwConn
	invalid bool
}

type gwConn struct {
	ws   *websocket.Conn
	wmu  sync.Mutex
	sess *gwSession
}

func (c *gwConn) write(typ int, data []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(typ, data)
}

func (c *gwConn) send(op int, d any) error {
	b, _ := json.Marshal(object{"op": op, "d": d, "s": nil, "t": nil})
	return c.write(websocket.TextMessage, b)
}

func (c *gwConn) close(code int, text string) {
	c.wmu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	c.wmu.Unlock()
	_ = c.ws.Close()
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway speaks the gateway on one websocket connection: HELLO, then
// IDENTIFY or RESUME, then heartbeats until the connection ends.
func (s *Server) serveGateway(w http.ResponseWriter, hr *http.Request) {
	if !websocket.IsWebSocketUpgrade(hr) {
		http.NotFound(w, hr)
		return
	}
	ws, err := upgrader.Upgrade(w, hr, nil)
	if err != nil {
		return
	}
	conn := &gwConn{ws: ws}
	if !s.gw.track(s, conn) {
		_ = ws.Close()
		return
	}
	defer s.gw.untrack(s, conn)
	q := hr.URL.Query()
	if v := q.Get("v"); (v != "9" && v != "10") || q.Get("encoding") != "json" {
		conn.close(4012, "Invalid API version")
		s.errorf("gateway connection with %q; discordgo asks for v=9&encoding=json", hr.URL.RawQuery)
		return
	}
	if conn.send(opHello, object{"heartbeat_interval": s.cfg.heartbeat.Milliseconds(), "_trace": []string{"fakediscord"}}) != nil {
		return
	}
	s.readGateway(conn)
}

func (g *gatewayState) track(s *Server, c *gwConn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	g.conns[c] = true
	return true
}

// untrack forgets a finished connection. A session it carried stays
// resumable unless the client closed it normally (1000, 1001), which on
// Discord ends the session.
func (g *gatewayState) untrack(s *Server, c *gwConn) {
	s.mu.Lock()
	delete(g.conns, c)
	sess := c.sess
	s.mu.Unlock()
	if sess == nil {
		return
	}
	sess.sendMu.Lock()
	mine := sess.conn == c
	if mine {
		sess.conn = nil
	}
	sess.sendMu.Unlock()
	if mine {
		s.mu.Lock()
		sess.connected = false
		s.broadcast()
		s.mu.Unlock()
	}
}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

func (s *Server) readGateway(conn *gwConn) {
	for {
		typ, data, err := conn.ws.ReadMessage()
		if err != nil {
			s.connectionEnded(conn, err)
			return
		}
		var p gwPayload
		if typ != websocket.TextMessage || json.Unmarshal(data, &p) != nil {
			conn.close(4002, "Error while decoding payload.")
			return
		}
		if !s.handleOp(conn, p) {
			return
		}
	}
}

// connectionEnded invalidates the session when the client closed with 1000
// or 1001, as Discord does.
func (s *Server) connectionEnded(conn *gwConn, err error) {
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || (ce.Code != websocket.CloseNormalClosure && ce.Code != websocket.CloseGoingAway) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sess := conn.sess; sess != nil {
		sess.invalid = true
		if s.gw.current[sess.shard] == sess {
			delete(s.gw.current, sess.shard)
		}
		s.broadcast()
	}
}

// handleOp answers one client payload; false ends the connection.
func (s *Server) handleOp(conn *gwConn, p gwPayload) bool {
	if conn.sess == nil && p.Op != opIdentify && p.Op != opResume && p.Op != opHeartbeat {
		conn.close(4003, "Not authenticated.")
		return false
	}
	switch p.Op {
	case opHeartbeat:
		s.mu.Lock()
		if sess := conn.sess; sess != nil {
			sess.beats++
			s.broadcast()
		}
		s.mu.Unlock()
		return conn.send(opHeartbeatAck, nil) == nil
	case opIdentify:
		return s.identify(conn, p.D)
	case opResume:
		return s.resume(conn, p.D)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		return true
	}
	conn.close(4001, "Unknown opcode.")
	return false
}

type identifyData struct {
	Token    string          `json:"token"`
	Intents  int64           `json:"intents"`
	Compress bool            `json:"compress"`
	Shard    json.RawMessage `json:"shard"`
}

func (s *Server) tokenOK(tok string) bool {
	return tok == s.Token() || tok == s.cfg.token
}

func (s *Server) identify(conn *gwConn, raw json.RawMessage) bool {
	var d identifyData
	switch {
	case conn.sess != nil:
		conn.close(4005, "Already authenticated.")
		return false
	case json.Unmarshal(raw, &d) != nil:
		conn.close(4002, "Error while decoding payload.")
		return false
	case !s.tokenOK(d.Token):
		conn.close(4004, "Authentication failed.")
		return false
	case d.Intents&privilegedIntents != 0:
		conn.close(4014, "Disallowed intent(s).")
		s.errorf("IDENTIFY asks for privileged intents %#x; Kilab must not need them", d.Intents&privilegedIntents)
		return false
	}
	shard, ok := s.checkShard(conn, d.Shard)
	if !ok {
		return false
	}
	sess := &gwSession{id: s.ids.next(), shard: shard, intents: d.Intents, compress: d.Compress, keep: s.cfg.keepRequests}
	sess.sendMu.Lock()
	s.attach(conn, sess)
	sess.emit("READY", s.readyPayload(sess), sess.compress)
	if sess.intents&intentGuilds != 0 {
		for _, g := range s.guildsOnShard(shard) {
			sess.emit("GUILD_CREATE", s.guildCreatePayload(g), sess.compress)
		}
	}
	sess.sendMu.Unlock()
	return true
}

// attach makes sess the live session on conn and the target of dispatches.
func (s *Server) attach(conn *gwConn, sess *gwSession) {
	sess.conn = conn
	s.mu.Lock()
	conn.sess = sess
	sess.connected, sess.beats = true, 0
	if s.gw.sessions[sess.id] == nil {
		sess.num = len(s.gw.sessions)
	}
	s.gw.sessions[sess.id] = sess
	s.gw.current[sess.shard] = sess
	s.gw.attaches++
	sess.attached = s.gw.attaches
	s.broadcast()
	s.mu.Unlock()
}

type resumeData struct {
	Token     string `json:"token"`
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
}

// resume reattaches a session and replays what it missed, then RESUMED; an
// unknown or ended session gets INVALID_SESSION and must identify again.
func (s *Server) resume(conn *gwConn, raw json.RawMessage) bool {
	var d resumeData
	if json.Unmarshal(raw, &d) != nil {
		conn.close(4002, "Error while decoding payload.")
		return false
	}
	if !s.tokenOK(d.Token) {
		conn.close(4004, "Authentication failed.")
		return false
	}
	s.mu.Lock()
	sess := s.gw.sessions[d.SessionID]
	known := sess != nil && !sess.invalid
	s.mu.Unlock()
	if !known {
		return conn.send(opInvalidSession, false) == nil
	}
	sess.sendMu.Lock()
	defer sess.sendMu.Unlock()
	if d.Seq > sess.seq {
		return conn.send(opInvalidSession, false) == nil
	}
	if old := sess.conn; old != nil && old != conn {
		_ = old.ws.Close()
	}
	s.mu.Lock()
	sess.resumes++
	s.mu.Unlock()
	s.attach(conn, sess)
	if d.Seq < sess.dropped {
		return conn.send(opInvalidSession, false) == nil // too far behind to replay, as Discord says
	}
	for _, ev := range sess.events[d.Seq-sess.dropped:] {
		if conn.write(websocket.TextMessage, ev) != nil {
			return false
		}
	}
	sess.emit("RESUMED", object{"_trace": []string{"fakediscord"}}, false)
	return true
}

// emit numbers and sends one dispatch; sendMu must be held. Events are kept
// for replay even when no connection is live.
func (sess *gwSession) emit(event string, data any, compress bool) {
	sess.seq++
	b, err := json.Marshal(object{"op": opDispatch, "t": event, "s": sess.seq, "d": data})
	if err != nil {
		panic(fmt.Sprintf("fakediscord: encoding %s: %v", event, err))
	}
	sess.events = append(sess.events, b)
	if n := sess.keep; n > 0 && len(sess.events) > 2*n {
		sess.dropped += int64(len(sess.events) - n)
		sess.events = append([][]byte(nil), sess.events[len(sess.events)-n:]...)
	}
	if sess.conn == nil {
		return
	}
	typ := websocket.TextMessage
	if compress {
		typ, b = websocket.BinaryMessage, zlibBytes(b)
	}
	_ = sess.conn.write(typ, b)
}

func zlibBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// readyPayload lists, as Discord does, only the guilds of the session's
// shard, and echoes the shard of a sharded session.
func (s *Server) readyPayload(sess *gwSession) object {
	me := wireUser(&s.bot)
	me["verified"], me["mfa_enabled"] = true, false
	guilds := []object{}
	for _, g := range s.guildsOnShard(sess.shard) {
		guilds = append(guilds, object{"id": g.ID, "unavailable": true})
	}
	p := object{
		"v": 9, "user": me, "session_id": sess.id, "resume_gateway_url": s.GatewayURL(),
		"guilds":           guilds,
		"application":      object{"id": s.appID, "flags": 0},
		"private_channels": []any{}, "presences": []any{}, "relationships": []any{},
		"user_settings": object{}, "session_type": "normal", "_trace": []string{"fakediscord"},
	}
	if sess.shard[1] > 1 {
		p["shard"] = []int{sess.shard[0], sess.shard[1]}
	}
	return p
}

// guildCreatePayload is a guild as the bot learns it after READY: channels
// and active threads, and of the members only itself (no privileged intent).
func (s *Server) guildCreatePayload(guild Guild) object {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.wireGuild(guild)
	var channels, threads []object
	for _, c := range s.sortedChannels() {
		switch {
		case c.GuildID != guild.ID:
		case c.IsThread():
			threads = append(threads, s.wireChannel(c))
		default:
			channels = append(channels, s.wireChannel(c))
		}
	}
	g["channels"], g["threads"] = channels, threads
	g["members"] = []object{wireMember(&s.bot, snowflakeTime(s.bot.ID), "")}
	g["member_count"], g["joined_at"], g["large"], g["unavailable"] = len(s.users), wireTime(snowflakeTime(s.bot.ID)), false, false
	g["voice_states"], g["presences"], g["stage_instances"] = []any{}, []any{}, []any{}
	g["guild_scheduled_events"], g["soundboard_sounds"] = []any{}, []any{}
	return g
}

func (s *Server) sortedChannels() []*Channel {
	var cs []Channel
	for _, c := range s.channels {
		cs = append(cs, *c)
	}
	sortChannels(cs)
	out := make([]*Channel, len(cs))
	for i := range cs {
		out[i] = s.channels[cs[i].ID]
	}
	return out
}

// dispatchIntent sends an event about guildID ("" for DMs and events of no
// guild) to the session of the shard that owns it, if its intents ask for
// it (intent 0: always, as for INTERACTION_CREATE).
func (s *Server) dispatchIntent(guildID string, intent int64, event string, data any) {
	s.mu.Lock()
	sess := s.gw.route(guildID)
	closed := s.closed
	s.mu.Unlock()
	if sess == nil {
		if event == "INTERACTION_CREATE" && !closed {
			s.errorf("%s lost: %v", event, errNoSession)
		}
		return
	}
	if intent != 0 && sess.intents&intent == 0 {
		return
	}
	sess.sendMu.Lock()
	sess.emit(event, data, false)
	sess.sendMu.Unlock()
}

// Dispatch sends any gateway event to the bot's session that owns the
// event's guild_id (shard 0 when it has none), e.g.
// Dispatch("GUILD_MEMBER_REMOVE", map[string]any{"guild_id": ...}).
func (s *Server) Dispatch(event string, data map[string]any) {
	guildID, _ := data["guild_id"].(string)
	s.dispatchIntent(guildID, 0, event, data)
}

// WaitConnected waits until a bot session is identified (or resumed), its
// connection live and heartbeating. Waiting for the first heartbeat matters
// before closing a session that has just connected: discordgo sends it from
// a goroutine of its own, which, if it loses the race with Close, reconnects
// the closed session.
func (s *Server) WaitConnected(ctx context.Context) error {
	err := s.wait(ctx, func() bool {
		for _, cur := range s.gw.current {
			if !cur.connected || cur.beats == 0 {
				return false
			}
		}
		return len(s.gw.current) > 0
	})
	if err != nil {
		return fmt.Errorf("fakediscord: no live gateway session: %w", err)
	}
	return nil
}

// GatewaySession describes a session as the fake saw it.
type GatewaySession struct {
	ID string
	// Shard is the session's [shard_id, num_shards]: [0, 1] unsharded.
	Shard     [2]int
	Intents   int64
	Compress  bool
	Resumes   int
	Connected bool
	Ended     bool // closed by the client with 1000/1001
}

// GatewaySessions lists every session identified so far, oldest first.
func (s *Server) GatewaySessions() []GatewaySession {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]GatewaySession, len(s.gw.sessions))
	for _, sess := range s.gw.sessions {
		out[sess.num] = GatewaySession{
			ID: sess.id, Shard: sess.shard, Intents: sess.intents, Compress: sess.compress, Resumes: sess.resumes,
			Connected: sess.connected, Ended: sess.invalid,
		}
	}
	return out
}

// DropGateway cuts every live gateway connection without a close frame, as a
// network failure would. discordgo then reconnects and resumes.
func (s *Server) DropGateway() {
	for _, c := range s.liveConns() {
		_ = c.ws.Close()
	}
}

// CloseGateway closes every live connection with a close code: 4000-4009
// let the client resume; 4004, 4010-4014 do not.
func (s *Server) CloseGateway(code int, text string) {
	for _, c := range s.liveConns() {
		c.close(code, text)
	}
}

// RequestReconnect sends opcode 7 (Reconnect) to every live connection.
func (s *Server) RequestReconnect() {
	for _, c := range s.liveConns() {
		_ = c.send(opReconnect, nil)
	}
}

func (s *Server) liveConns() []*gwConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*gwConn
	for c := range s.gw.conns {
		out = append(out, c)
	}
	return out
}

// closeGateway ends every connection when the fake stops; s.closed is
// already set, so no new one is tracked.
func (s *Server) closeGateway() {
	for _, c := range s.liveConns() {
		c.close(websocket.CloseGoingAway, "fakediscord stopped")
	}
}
