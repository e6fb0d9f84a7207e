package bot

import (
	"github.com/bwmarrin/discordgo"

	"kilab/bot/info"
	"kilab/bot/kit"
	"kilab/lang"
)

// The definitions of the slash commands, as the route table (routes.go)
// registers them.

func moveCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("move", lang.T("cmd.move.name"), lang.T("cmd.move.desc"),
		kit.GameOption(lang.T("cmd.move.game")),
		kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, kit.OptMove, lang.T("cmd.opt.move"), lang.T("cmd.move.move"), true), 40, true))
}

func boardCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("board", lang.T("cmd.board.name"), lang.T("cmd.board.desc"), kit.GameOption(lang.T("cmd.board.game")))
}

func gamesCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("games", lang.T("cmd.games.name"), lang.T("cmd.games.desc"),
		kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.games.user"), false))
}

func resignCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("resign", lang.T("cmd.resign.name"), lang.T("cmd.resign.desc"), kit.GameOption(lang.T("cmd.resign.game")))
}

func drawCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("draw", lang.T("cmd.draw.name"), lang.T("cmd.draw.desc"), kit.GameOption(lang.T("cmd.draw.game")))
}

func helpCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("help", lang.T("cmd.help.name"), lang.T("cmd.help.desc"))
}

// rulesCommandDef is /rules: a game's rulebook, or, as one more choice of
// the same option, the notation guide (/rules game:Notation), so that
// "/rules game:aseb" reads as it always has.
func rulesCommandDef() *discordgo.ApplicationCommand {
	o := kit.KindOptionIn(lang.T("cmd.rules.game"))
	notation := lang.T("cmd.rules.notation")
	o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: kit.Clip(notation.In(lang.En), 100),
		NameLocalizations: kit.Localized(notation, 100), Value: info.NotationBook})
	return kit.Command("rules", lang.T("cmd.rules.name"), lang.T("cmd.rules.desc"), o)
}

// leaderboardCommandDef is /leaderboard, in servers only: ratings are a
// server's.
func leaderboardCommandDef() *discordgo.ApplicationCommand {
	c := kit.Command("leaderboard", lang.T("cmd.leaderboard.name"), lang.T("cmd.leaderboard.desc"), kit.KindOptionIn(lang.T("cmd.leaderboard.game")))
	c.Contexts = kit.GuildOnly()
	return c
}

// statsCommandDef is /stats, in servers only: ratings and records are a
// server's.
func statsCommandDef() *discordgo.ApplicationCommand {
	c := kit.Command("stats", lang.T("cmd.stats.name"), lang.T("cmd.stats.desc"),
		kit.Option(discordgo.ApplicationCommandOptionUser, "user", lang.T("cmd.opt.user"), lang.T("cmd.stats.user"), false))
	c.Contexts = kit.GuildOnly()
	return c
}

func historyCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("history", lang.T("cmd.history.name"), lang.T("cmd.history.desc"), kit.GameOption(lang.T("cmd.history.game")))
}

func reviewCommandDef() *discordgo.ApplicationCommand {
	return kit.Command("review", lang.T("cmd.review.name"), lang.T("cmd.review.desc"), kit.GameOption(lang.T("cmd.review.game")))
}
