package try

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// worldView is the guild as the page's side panel shows it.
type worldView struct {
	Guild    named         `json:"guild"`
	Bot      named         `json:"bot"`
	Members  []memberView  `json:"members"`
	Channels []channelView `json:"channels"`
}

type named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type memberView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Locale    string `json:"locale"`
	Moderator bool   `json:"moderator"`
}

type channelView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"` // "text" or "thread"
	Parent   string `json:"parent"`
	Archived bool   `json:"archived"`
}

func (p *Page) world(w http.ResponseWriter, _ *http.Request) {
	g, b := p.fake.Guild(), p.fake.Bot()
	v := worldView{Guild: named{g.ID, g.Name}, Bot: named{b.ID, b.Username}, Members: []memberView{}, Channels: []channelView{}}
	for _, u := range p.fake.Users() {
		if !u.Bot {
			v.Members = append(v.Members, memberView{ID: u.ID, Name: u.Username, Locale: p.fake.Locale(u.ID),
				Moderator: p.fake.Granted(u.ID)&discordgo.PermissionManageGuild != 0})
		}
	}
	for _, c := range p.fake.Channels() {
		if c.GuildID != g.ID {
			continue // DMs are each member's own, and other guilds are not shown
		}
		kind := "text"
		if c.IsThread() {
			kind = "thread"
		}
		v.Channels = append(v.Channels, channelView{ID: c.ID, Name: c.Name, Kind: kind, Parent: c.ParentID, Archived: c.Archived})
	}
	reply(w, http.StatusOK, v)
}

// member is the member a request acts as, or "" after answering that there
// is none.
func (p *Page) member(w http.ResponseWriter, id string) string {
	if u, ok := p.fake.User(id); ok && !u.Bot {
		return id
	}
	refuse(w, http.StatusBadRequest, "no such member: choose one of the members on the left")
	return ""
}

func (p *Page) dm(w http.ResponseWriter, r *http.Request) {
	if user := p.member(w, r.URL.Query().Get("user")); user != "" {
		reply(w, http.StatusOK, map[string]string{"channel": p.fake.DMChannel(user)})
	}
}

// messages answers what a member sees of a channel, as Discord's own
// message objects, with the pictures' addresses leading to this page.
func (p *Page) messages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	user := p.member(w, q.Get("user"))
	if user == "" {
		return
	}
	if _, ok := p.fake.Channel(q.Get("channel")); !ok {
		refuse(w, http.StatusNotFound, "no such channel")
		return
	}
	out := []json.RawMessage{}
	for _, raw := range p.fake.View(user, q.Get("channel")) {
		out = append(out, localFiles(raw, user))
	}
	reply(w, http.StatusOK, map[string]any{"messages": out})
}

// localFiles points a message's attachments, and the embeds that show
// them (attachment://NAME), at the page's /att/ address for user.
func localFiles(raw json.RawMessage, user string) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return raw
	}
	id, _ := m["id"].(string)
	// An edit uploads a file of the same name anew: the attachment's id
	// in the address keeps the browser from showing the old picture.
	files := map[string]string{}
	atts, _ := m["attachments"].([]any)
	for _, a := range atts {
		if a, ok := a.(map[string]any); ok {
			name, _ := a["filename"].(string)
			aid, _ := a["id"].(string)
			files[name] = "/att/" + url.PathEscape(id) + "/" + url.PathEscape(name) + "?user=" + url.QueryEscape(user) + "&v=" + url.QueryEscape(aid)
			a["url"], a["proxy_url"] = files[name], files[name]
		}
	}
	at := func(name string) string { return files[name] }
	embeds, _ := m["embeds"].([]any)
	for _, e := range embeds {
		e, ok := e.(map[string]any)
		if !ok {
			continue
		}
		for _, key := range []string{"image", "thumbnail"} {
			if img, ok := e[key].(map[string]any); ok {
				if u, _ := img["url"].(string); strings.HasPrefix(u, "attachment://") {
					img["url"] = at(strings.TrimPrefix(u, "attachment://"))
				}
			}
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}

func (p *Page) attachment(w http.ResponseWriter, r *http.Request) {
	a, ok := p.fake.File(r.URL.Query().Get("user"), r.PathValue("message"), r.PathValue("file"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	if a.ContentType == "" {
		a.ContentType = http.DetectContentType(a.Data)
	}
	w.Header().Set("Content-Type", a.ContentType)
	w.Header().Set("Content-Security-Policy", "sandbox")     // a file is shown, never run as this page
	w.Header().Set("Cache-Control", "private, max-age=3600") // a message's file never changes under its id
	_, _ = w.Write(a.Data)
}

func (p *Page) commands(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	user := p.member(w, q.Get("user"))
	if user == "" {
		return
	}
	cmds := p.fake.CommandsFor(user, q.Get("channel"))
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	reply(w, http.StatusOK, map[string]any{"commands": cmds})
}

func (p *Page) violations(w http.ResponseWriter, _ *http.Request) {
	vs, _ := p.log.Since(0)
	if vs == nil {
		vs = []Violation{}
	}
	reply(w, http.StatusOK, map[string]any{"violations": vs})
}
