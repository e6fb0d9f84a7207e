package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"time"

	"github.com/bwmarrin/discordgo"
)

// User is a Discord account the fake knows: the bot itself or a person added
// with AddUser.
type User struct {
	ID         string
	Username   string
	GlobalName string
	Bot        bool
}

// Guild is a server. The fake starts with one, holding the bot, every user
// added later and one text channel; AddGuild adds more.
type Guild struct {
	ID      string
	Name    string
	OwnerID string
	// ChannelID is the guild's first text channel.
	ChannelID string
}

// Channel is a guild text channel, a thread under one, or a DM between the bot
// and one user.
type Channel struct {
	ID      string
	Type    discordgo.ChannelType
	GuildID string // empty for DMs
	Name    string
	// ParentID is the text channel a thread belongs to.
	ParentID string
	// OwnerID is who created a thread.
	OwnerID string
	// RecipientID is the user at the other end of a DM.
	RecipientID string
	// AutoArchiveDuration in minutes, for threads.
	AutoArchiveDuration int
	Invitable           bool
	// Archived and Locked are a thread's state. A message posted in an
	// archived thread that is not locked brings it back, as in Discord;
	// the messages of an archived thread cannot be edited.
	Archived, Locked bool
}

// IsThread reports whether the channel is a thread.
func (c Channel) IsThread() bool {
	return c.Type == discordgo.ChannelTypeGuildPublicThread ||
		c.Type == discordgo.ChannelTypeGuildPrivateThread ||
		c.Type == discordgo.ChannelTypeGuildNewsThread
}

// Attachment is a file attached to a message, with the bytes the bot uploaded.
type Attachment struct {
	ID          string
	Filename    string
	Description string
	ContentType string
	URL         string
	Size        int
	// Width and Height are set for images, as Discord sets them.
	Width, Height int
	Data          []byte
}

// PNG decodes the attachment as a PNG image.
func (a Attachment) PNG() (image.Image, error) {
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: attachment %s is not a PNG: %w", a.Filename, err)
	}
	return img, nil
}

// Message is one message as the fake holds it now: a snapshot, replaced
// whole on each edit, so a test may keep and compare copies.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Type      discordgo.MessageType
	AuthorID  string
	Content   string
	Flags     discordgo.MessageFlags
	// Embeds and Components are decoded with discordgo's own types.
	Embeds      []*discordgo.MessageEmbed
	Components  []discordgo.MessageComponent
	Attachments []Attachment
	// Mentions are the users this message notifies: the <@id> mentions in
	// its content that allowed_mentions lets through.
	Mentions []string
	// InteractionID is the interaction this message answers, if any.
	InteractionID string
	// ThreadID is the thread started from this message, if any.
	ThreadID string
	Created  time.Time
	Edited   time.Time
	// Edits counts the edits made to the message since it was created.
	Edits int
	// Nonce is the nonce the message was created with, if any.
	Nonce string

	embedsRaw     json.RawMessage
	componentsRaw json.RawMessage
	interaction   *wireInteractionMeta
}

// Ephemeral reports whether only the user of the interaction sees the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether this is the placeholder of a deferred response that
// has not been edited yet ("Bot is thinking...").
func (m Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// Buttons lists the message's buttons, row by row.
func (m Message) Buttons() []discordgo.Button {
	var out []discordgo.Button
	eachComponent(m.Components, func(c discordgo.MessageComponent) {
		switch b := c.(type) {
		case discordgo.Button:
			out = append(out, b)
		case *discordgo.Button:
			out = append(out, *b)
		}
	})
	return out
}

// Selects lists the message's select menus.
func (m Message) Selects() []discordgo.SelectMenu {
	var out []discordgo.SelectMenu
	eachComponent(m.Components, func(c discordgo.MessageComponent) {
		switch s := c.(type) {
		case discordgo.SelectMenu:
			out = append(out, s)
		case *discordgo.SelectMenu:
			out = append(out, *s)
		}
	})
	return out
}

// Button finds a button by its label or custom_id.
func (m Message) Button(labelOrID string) (discordgo.Button, bool) {
	for _, b := range m.Buttons() {
		if b.Label == labelOrID || b.CustomID == labelOrID {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

// CustomIDs lists the custom_ids of all interactive components.
func (m Message) CustomIDs() []string {
	var ids []string
	for _, b := range m.Buttons() {
		if b.CustomID != "" {
			ids = append(ids, b.CustomID)
		}
	}
	for _, s := range m.Selects() {
		ids = append(ids, s.CustomID)
	}
	return ids
}

// Attachment finds an attachment by file name.
func (m Message) Attachment(filename string) (Attachment, bool) {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a, true
		}
	}
	return Attachment{}, false
}

// PNG decodes the first PNG attached to the message.
func (m Message) PNG() (image.Image, Attachment, error) {
	for _, a := range m.Attachments {
		if a.ContentType == "image/png" {
			img, err := a.PNG()
			return img, a, err
		}
	}
	return nil, Attachment{}, fmt.Errorf("fakediscord: message %s has no PNG attachment", m.ID)
}

// eachComponent walks components depth first, into action rows and the
// layout components that hold others.
func eachComponent(cs []discordgo.MessageComponent, f func(discordgo.MessageComponent)) {
	for _, c := range cs {
		f(c)
		switch row := c.(type) {
		case discordgo.ActionsRow:
			eachComponent(row.Components, f)
		case *discordgo.ActionsRow:
			eachComponent(row.Components, f)
		case discordgo.Container:
			eachComponent(row.Components, f)
		case *discordgo.Container:
			eachComponent(row.Components, f)
		case discordgo.Section:
			eachComponent(row.Components, f)
			if row.Accessory != nil {
				f(row.Accessory)
			}
		case *discordgo.Section:
			eachComponent(row.Components, f)
			if row.Accessory != nil {
				f(row.Accessory)
			}
		}
	}
}
