package lessons

import (
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

// stepMessage is step k of name's lesson in l: note (how the last answer
// went) above an embed with the step's sentence and its position's
// picture, and a button for each move it offers.
func stepMessage(l *lang.Lang, name string, k int, note string) (*kit.Message, error) {
	g, _ := games.Lookup(name)
	lesson := built()[name]
	s := lesson.Steps[k]
	pic, err := stepPicture(l, g, s, k)
	if err != nil {
		return nil, err
	}
	return &kit.Message{
		Content: note,
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(l.T("learn.title", "Game", g.Title(), "Step", k+1, "Steps", len(lesson.Steps)), 256),
			Description: kit.Clip(s.Say.In(l), 4096),
			Color:       kit.KindColour(name),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			Footer: &discordgo.MessageEmbedFooter{Text: kit.Clip(l.T("learn.footer", "Rules", strings.Join(s.Rules, ", "),
				"Game", name, "Config", kit.ConfigText(l, g, s.Config)), 2048)},
		}},
		Files:      []kit.File{{Name: "board.png", ContentType: "image/png", Description: kit.Clip(pic.alt, 1024), Data: pic.png}},
		Components: choiceRows(l, name, k, lesson.Version(), s),
	}, nil
}

// picture is a step's board and its alt text.
type picture struct {
	png []byte
	alt string
}

type pictureKey struct {
	game string
	step int
	lang lang.Tag
}

// pictures keeps every step's picture once drawn: a lesson is the same for
// every player and never changes while the bot runs, so there are at most
// its steps times the languages of them, and a click answers without
// drawing.
var pictures sync.Map // pictureKey -> picture

// stepPicture is the picture of step k of game's lesson, s, in l.
func stepPicture(l *lang.Lang, g games.Game, s games.Step, k int) (picture, error) {
	key := pictureKey{g.Name(), k, l.Tag()}
	if pic, ok := pictures.Load(key); ok {
		return pic.(picture), nil
	}
	last := render.Last{Throws: s.Throws, Thrower: s.Pos.Due().Player, ThrownFrom: s.Before}
	png, err := render.Board(l, g, s.Config, s.Pos, last)
	if err != nil {
		return picture{}, err
	}
	pic, _ := pictures.LoadOrStore(key, picture{png: png, alt: render.Describe(l, g, s.Config, s.Pos, last)})
	return pic.(picture), nil
}

// choiceRows are a step's moves as buttons, all alike, five to a row.
func choiceRows(l *lang.Lang, name string, k int, version int64, s games.Step) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for j, move := range s.Choices() {
		row = append(row, discordgo.Button{Label: games.Named(l, s.Pos, move), Style: discordgo.SecondaryButton,
			CustomID: kit.LessonCID(name, k, version, strconv.Itoa(j))})
		if len(row) == 5 {
			rows, row = append(rows, discordgo.ActionsRow{Components: row}), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

// doneMessage ends name's lesson in l: the first game against the
// computer, or the lesson again. In a DM (inServer false) there is no first
// game's button: a game is played in a server's thread, so the message says
// where to challenge the computer instead.
func doneMessage(l *lang.Lang, name, note string, inServer bool) *kit.Message {
	g, _ := games.Lookup(name)
	lesson := built()[name]
	done := "learn.done_dm"
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("learn.again"), Style: discordgo.SecondaryButton, CustomID: kit.LessonCID(name, 0, lesson.Version(), "s")},
	}
	if inServer {
		done = "learn.done"
		buttons = append([]discordgo.MessageComponent{discordgo.Button{Label: l.T("learn.play", "Level", kit.LevelWord(l, kit.FirstGameLevel)),
			Style: discordgo.PrimaryButton, CustomID: kit.FirstGameCID(name), Emoji: &discordgo.ComponentEmoji{Name: "🤖"}}}, buttons...)
	}
	return &kit.Message{
		Content: note,
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(l.T("learn.title", "Game", g.Title(), "Step", len(lesson.Steps), "Steps", len(lesson.Steps)), 256),
			Description: l.T(done, "Game", g.Title()),
			Color:       kit.KindColour(name),
		}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}},
	}
}
