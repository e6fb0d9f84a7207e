package fakediscord

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// Click dispatches a button click (interaction type 3) by userID on a
// message. The button must be on the message as it is now, enabled, and the
// message visible to the user (an ephemeral message only to its user, a DM
// only to its recipient): a click Discord's client could not send is a bug
// in the test. For forged or stale custom_ids use ForgeClick.
func (s *Server) Click(userID, messageID, customID string) *Interaction {
	s.t.Helper()
	what := fmt.Sprintf("click on %q of message %s by %s", customID, messageID, userID)
	m, err := s.visibleMessage(userID, messageID)
	if err == nil {
		err = checkButton(m, customID)
	}
	if err != nil {
		return s.failed(what, err)
	}
	return s.component(userID, m, object{"custom_id": customID, "component_type": int(discordgo.ButtonComponent)})
}

// Select dispatches a choice in a string select menu of a message.
func (s *Server) Select(userID, messageID, customID string, values ...string) *Interaction {
	s.t.Helper()
	what := fmt.Sprintf("select %v in %q of message %s by %s", values, customID, messageID, userID)
	m, err := s.visibleMessage(userID, messageID)
	if err == nil {
		err = checkSelect(m, customID, values)
	}
	if err != nil {
		return s.failed(what, err)
	}
	if values == nil {
		values = []string{}
	}
	return s.component(userID, m, object{
		"custom_id": customID, "component_type": int(discordgo.SelectMenuComponent), "values": values,
	})
}

// ForgeClick dispatches a button click with any custom_id on any message id
// of channelID, checking nothing: what a modified client or a replayed
// request could send.
func (s *Server) ForgeClick(userID, channelID, messageID, customID string) *Interaction {
	s.t.Helper()
	m, ok := s.Message(messageID)
	if !ok {
		m = Message{ID: messageID, ChannelID: channelID, AuthorID: s.bot.ID, Created: snowflakeTime(messageID)}
	}
	m.ChannelID = channelID
	return s.component(userID, m, object{"custom_id": customID, "component_type": int(discordgo.ButtonComponent)})
}

func (s *Server) component(userID string, m Message, data object) *Interaction {
	s.t.Helper()
	st, p, err := s.interactionBase(discordgo.InteractionMessageComponent, userID, m.ChannelID)
	if err != nil {
		return s.failed("component interaction", err)
	}
	st.messageID = m.ID
	s.mu.Lock()
	p["message"] = s.wireMessage(&m, false)
	s.mu.Unlock()
	p["data"] = data
	return s.send(st, p)
}

// visibleMessage finds a message userID can see and use.
func (s *Server) visibleMessage(userID, messageID string) (Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil {
		return Message{}, fmt.Errorf("no message %s (deleted, or never posted)", messageID)
	}
	if !visibleTo(m, userID) {
		return Message{}, fmt.Errorf("message %s is ephemeral and shown to someone else", messageID)
	}
	if ch := s.channels[m.ChannelID]; ch != nil && ch.Type == discordgo.ChannelTypeDM && ch.RecipientID != userID {
		return Message{}, fmt.Errorf("message %s is in the DMs of user %s", messageID, ch.RecipientID)
	}
	if m.Loading() {
		return Message{}, fmt.Errorf("message %s is still loading", messageID)
	}
	return *m, nil
}

func checkButton(m Message, customID string) error {
	for _, b := range m.Buttons() {
		if b.CustomID != customID {
			continue
		}
		if b.Disabled {
			return fmt.Errorf("the button is disabled")
		}
		return nil
	}
	return fmt.Errorf("message %s has no button with that custom_id (it has %q)", m.ID, m.CustomIDs())
}

func checkSelect(m Message, customID string, values []string) error {
	for _, sel := range m.Selects() {
		if sel.CustomID != customID {
			continue
		}
		if sel.Disabled {
			return fmt.Errorf("the select menu is disabled")
		}
		return checkValues(sel, values)
	}
	return fmt.Errorf("message %s has no select menu with that custom_id (it has %q)", m.ID, m.CustomIDs())
}

func checkValues(sel discordgo.SelectMenu, values []string) error {
	lo, hi := 1, 1
	if sel.MinValues != nil {
		lo = *sel.MinValues
	}
	if sel.MaxValues > 0 {
		hi = sel.MaxValues
	}
	if len(values) < lo || len(values) > hi {
		return fmt.Errorf("%d values chosen, the menu takes %d to %d", len(values), lo, hi)
	}
	for _, v := range values {
		if !hasValue(sel.Options, v) {
			return fmt.Errorf("%q is not an option of the menu", v)
		}
	}
	return nil
}

func hasValue(opts []discordgo.SelectMenuOption, v string) bool {
	for _, o := range opts {
		if o.Value == v {
			return true
		}
	}
	return false
}
