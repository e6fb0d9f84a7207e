package kit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/ratelimit"
	"kilab/lang"
)

// Discord is what the handlers need of Discord. rest implements it over a
// discordgo session; unit tests implement it with a recorder.
type Discord interface {
	// Respond answers an interaction (callback types 4-8).
	Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *Message) error
	// Original fetches the message an interaction response created.
	Original(i *discordgo.Interaction) (*discordgo.Message, error)
	// EditOriginal replaces the original response of an interaction: how a
	// deferred answer (callback type 5) gets its content once the slow part
	// is done.
	EditOriginal(i *discordgo.Interaction, m *Message) error
	// DeleteOriginal removes the original response of an interaction.
	DeleteOriginal(i *discordgo.Interaction) error
	// Followup posts another message answering an acknowledged interaction.
	Followup(i *discordgo.Interaction, m *Message) error
	// Send posts a message in a channel, thread or DM channel.
	Send(channelID string, m *Message) (*discordgo.Message, error)
	// Edit replaces a message's content, embeds, components and files: a
	// Message with no Files takes the message's pictures away.
	Edit(channelID, messageID string, m *Message) error
	// Fetch reads one of the bot's messages as it is now: what an edit that
	// keeps part of it (a retired board's text) starts from, where the text
	// was not written down as it was sent (Kept).
	Fetch(channelID, messageID string) (*discordgo.Message, error)
	// ArchiveThread archives a thread without locking it: it leaves the
	// server's list of active threads, and anyone may still write in it
	// (which brings it back). It is tidying, sent as background work: under
	// Discord's limit it waits for the requests that tell players.
	ArchiveThread(threadID string) error
	// DMChannel opens (or finds) the DM channel with a user: a request of
	// its own, so its answer, which never changes, is kept (Core.DMChannel).
	DMChannel(userID string) (string, error)
	// Thread starts a public thread from a message, or on its own in the
	// channel when messageID is "".
	Thread(channelID, messageID, name string) (string, error)
	// UserName looks up a user's display name.
	UserName(userID string) (string, error)
	// RegisterCommands replaces the application's commands (guildID "" = global).
	RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error
}

// Message is a message the bot sends: discordgo's types for embeds and
// components, plus what discordgo v0.29 cannot send itself - attachment
// descriptions (alt text for screen readers).
type Message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []File
	// Mentions are the only users the message may ping; nobody else is pinged.
	Mentions  []string
	Ephemeral bool
	// Choices answer an autocomplete request.
	Choices []*discordgo.ApplicationCommandOptionChoice
	// Nonce, on a new channel message, lets Discord drop a second copy sent
	// again after a crash or a lost answer (enforce_nonce): at most 25 characters.
	Nonce string
	// ComponentsOnly: an update that leaves the picture and the embed
	// alone: it sets the controls, and the line above them where Content
	// is given.
	ComponentsOnly bool
	// Background: the request tidies up (an old board retired) rather than
	// tells someone something, and under load waits for those that do
	// (ratelimit.Background).
	Background bool
	// Lang is the language a board is written in (Board): recorded with
	// it, so that it is retired in it.
	Lang lang.Tag
}

// File is an attachment with its alt text.
type File struct {
	Name, ContentType, Description string
	Data                           []byte
}

// Discord's JSON error codes the bot reacts to.
const (
	CodeCannotDM          = 50007 // the user's DMs are closed to the bot
	CodeMissingPermission = 50013 // e.g. no right to create threads here
	CodeMissingAccess     = 50001
	CodeUnknownChannel    = 10003
	CodeUnknownMessage    = 10008
	CodeEditLimit         = 30046 // too many edits to a message older than an hour
	CodeThreadExists      = 160004
	CodeThreadArchived    = 50083 // an edit to a message in an archived thread
)

// ErrorCode returns Discord's JSON error code inside err, or 0.
func ErrorCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// rest implements Discord over a discordgo session.
type rest struct {
	s    *discordgo.Session
	keys *bucketKeys // bounds the session's rate-limit buckets
}

type attachment struct {
	ID          string `json:"id"` // the index of the file part, as a string (a snowflake field)
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// payload is the JSON body of a message. Files are described by index in
// "attachments"; an update that only changes the controls (a picker step)
// sends nothing else, so the picture and embed stay as they are.
func (m *Message) payload() map[string]any {
	if m.ComponentsOnly {
		p := map[string]any{"components": OrEmpty(m.Components)}
		if m.Content != "" {
			p["content"] = m.Content
			p["allowed_mentions"] = map[string]any{"parse": []string{}}
		}
		return p
	}
	atts := []attachment{}
	for i, f := range m.Files {
		atts = append(atts, attachment{ID: strconv.Itoa(i), Filename: f.Name, Description: f.Description})
	}
	p := map[string]any{
		"content":          m.Content,
		"embeds":           OrEmpty(m.Embeds),
		"components":       OrEmpty(m.Components),
		"attachments":      atts,
		"allowed_mentions": map[string]any{"parse": []string{}, "users": OrEmpty(m.Mentions)},
	}
	if m.Ephemeral {
		p["flags"] = discordgo.MessageFlagsEphemeral
	}
	if m.Nonce != "" {
		p["nonce"], p["enforce_nonce"] = m.Nonce, true
	}
	return p
}

// editable is m as an edit carries it: whether a message is private and its
// Nonce are set when it is created, never by an edit.
func editable(m *Message) *Message {
	c := *m
	c.Ephemeral, c.Nonce = false, ""
	return &c
}

func OrEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// send makes one REST call with a JSON body, as multipart when there are files.
func (r rest) send(method, url string, body any, files []File) ([]byte, error) {
	return r.sendAs(context.Background(), method, url, body, files)
}

// sendAs is send with ctx, which may mark the request Background.
func (r rest) sendAs(ctx context.Context, method, url string, body any, files []File) ([]byte, error) {
	if len(files) == 0 {
		var data []byte
		if body != nil {
			var err error
			if data, err = json.Marshal(body); err != nil {
				return nil, err
			}
		}
		return r.raw(ctx, method, url, "application/json", data)
	}
	dfiles := make([]*discordgo.File, len(files))
	for i, f := range files {
		dfiles[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	ctype, data, err := discordgo.MultipartBodyWithJSON(body, dfiles)
	if err != nil {
		return nil, err
	}
	return r.raw(ctx, method, url, ctype, data)
}

// raw makes one REST call in the bucket Discord counts it in (its route and
// top-level resource, ratelimit.Route), so that discordgo's wait for a
// bucket's reset is the wait Discord asks for: keyed by the whole URL, each
// message's edits had a bucket of their own and never waited.
//
// An interaction's own requests (its callback, its follow-ups and original
// answer, by its token) share a bucket with nothing and live minutes: they
// go straight to the session's client, since discordgo keeps every bucket
// it saw for good, which grew by one for every click.
func (r rest) raw(ctx context.Context, method, url, ctype string, data []byte) ([]byte, error) {
	route, bucket := ratelimit.Route(method, url)
	if strings.HasPrefix(route, method+" /interactions/:id/:token/") || strings.HasPrefix(route, method+" /webhooks/:id/:token") {
		return r.direct(ctx, method, url, ctype, data)
	}
	return r.keys.request(r.s, bucket, func() ([]byte, error) {
		return r.s.RequestRaw(method, url, ctype, data, bucket, 0, discordgo.WithContext(ctx))
	})
}

// direct makes one request with the session's client and token, answering
// Discord's refusal as discordgo does (a *discordgo.RESTError).
func (r rest) direct(ctx context.Context, method, url, ctype string, data []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", r.s.Token)
	req.Header.Set("User-Agent", r.s.UserAgent)
	if data != nil {
		req.Header.Set("Content-Type", ctype)
	}
	client := r.s.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return body, nil
	}
	refused := &discordgo.RESTError{Request: req, Response: resp, ResponseBody: body}
	var msg *discordgo.APIErrorMessage
	if json.Unmarshal(body, &msg) == nil {
		refused.Message = msg
	}
	return nil, refused
}

// get makes a call with no body and reads its answer into v.
func (r rest) get(method, url string, body, v any) error {
	resp, err := r.send(method, url, body, nil)
	if err != nil || v == nil {
		return err
	}
	if err := json.Unmarshal(resp, v); err != nil {
		return fmt.Errorf("reading Discord's answer to %s: %w", method, err)
	}
	return nil
}

func (r rest) Respond(i *discordgo.Interaction, typ discordgo.InteractionResponseType, m *Message) error {
	body := map[string]any{"type": typ}
	var files []File
	switch {
	case typ == discordgo.InteractionResponseDeferredChannelMessageWithSource || typ == discordgo.InteractionResponseDeferredMessageUpdate:
		// A deferral carries nothing but whether its answer will be private.
		if m != nil && m.Ephemeral {
			body["data"] = map[string]any{"flags": discordgo.MessageFlagsEphemeral}
		}
	case m != nil:
		if typ == discordgo.InteractionApplicationCommandAutocompleteResult {
			body["data"] = map[string]any{"choices": OrEmpty(m.Choices)}
		} else {
			body["data"] = m.payload()
		}
		files = m.Files
	}
	_, err := r.send(http.MethodPost, discordgo.EndpointInteractionResponse(i.ID, i.Token), body, files)
	return err
}

func (r rest) Original(i *discordgo.Interaction) (*discordgo.Message, error) {
	var msg discordgo.Message
	return &msg, r.get(http.MethodGet, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), nil, &msg)
}

func (r rest) EditOriginal(i *discordgo.Interaction, m *Message) error {
	m = editable(m)
	_, err := r.send(http.MethodPatch, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), m.payload(), m.Files)
	return err
}

func (r rest) DeleteOriginal(i *discordgo.Interaction) error {
	return r.get(http.MethodDelete, discordgo.EndpointInteractionResponseActions(i.AppID, i.Token), nil, nil)
}

func (r rest) Followup(i *discordgo.Interaction, m *Message) error {
	_, err := r.send(http.MethodPost, discordgo.EndpointFollowupMessage(i.AppID, i.Token), m.payload(), m.Files)
	return err
}

func (r rest) Send(channelID string, m *Message) (*discordgo.Message, error) {
	resp, err := r.send(http.MethodPost, discordgo.EndpointChannelMessages(channelID), m.payload(), m.Files)
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("reading the sent message: %w", err)
	}
	return &msg, nil
}

func (r rest) Edit(channelID, messageID string, m *Message) error {
	ctx := context.Background()
	if m.Background {
		ctx = ratelimit.Background(ctx)
	}
	m = editable(m)
	_, err := r.sendAs(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(channelID, messageID), m.payload(), m.Files)
	return err
}

func (r rest) Fetch(channelID, messageID string) (*discordgo.Message, error) {
	var msg discordgo.Message
	return &msg, r.get(http.MethodGet, discordgo.EndpointChannelMessage(channelID, messageID), nil, &msg)
}

func (r rest) ArchiveThread(threadID string) error {
	body := map[string]any{"archived": true, "locked": false}
	_, err := r.sendAs(ratelimit.Background(context.Background()), http.MethodPatch, discordgo.EndpointChannel(threadID), body, nil)
	return err
}

func (r rest) DMChannel(userID string) (string, error) {
	var ch discordgo.Channel
	err := r.get(http.MethodPost, discordgo.EndpointUserChannels("@me"), map[string]string{"recipient_id": userID}, &ch)
	return ch.ID, err
}

func (r rest) Thread(channelID, messageID, name string) (string, error) {
	start := &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 10080} // a week: correspondence games are slow
	url := discordgo.EndpointChannelMessageThread(channelID, messageID)
	if messageID == "" {
		start.Type = discordgo.ChannelTypeGuildPublicThread
		url = discordgo.EndpointChannelThreads(channelID)
	}
	var ch discordgo.Channel
	err := r.get(http.MethodPost, url, start, &ch)
	return ch.ID, err
}

func (r rest) UserName(userID string) (string, error) {
	var u discordgo.User
	if err := r.get(http.MethodGet, discordgo.EndpointUser(userID), nil, &u); err != nil {
		return "", err
	}
	return DisplayName(&u), nil
}

// RegisterCommands sends the commands as discordgo encodes them, but for
// default_member_permissions: discordgo writes it as a string, while
// Discord's API description wants an integer in a request (it answers with
// a string).
func (r rest) RegisterCommands(appID, guildID string, cmds []*discordgo.ApplicationCommand) error {
	body, err := CommandsBody(cmds)
	if err != nil {
		return err
	}
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	return r.get(http.MethodPut, endpoint, body, nil)
}

// CommandsBody is the bulk overwrite's JSON, permissions as integers.
func CommandsBody(cmds []*discordgo.ApplicationCommand) ([]map[string]any, error) {
	raw, err := json.Marshal(cmds)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // ids and permissions stay exact
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	for _, c := range out {
		if p, ok := c["default_member_permissions"].(string); ok {
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("bot: command %v: permissions %q: %w", c["name"], p, err)
			}
			c["default_member_permissions"] = n
		}
	}
	return out, nil
}

// UserOf is who made an interaction: the member in a server, the user in a DM.
func UserOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

func DisplayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// NewREST is the Discord of a discordgo session: REST calls, with the
// attachment descriptions discordgo cannot send itself.
func NewREST(s *discordgo.Session) Discord { return rest{s, newBucketKeys(maxBuckets)} }

// Reply answers an interaction with an ephemeral line.
func (b *Core) Reply(i *discordgo.Interaction, format string, a ...any) error {
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &Message{Content: Clip(fmt.Sprintf(format, a...), 2000), Ephemeral: true})
}
