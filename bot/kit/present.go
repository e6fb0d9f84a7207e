package kit

import (
	"fmt"
	"kilab/lang"
)

// Clip shortens s to at most n runes, for Discord's length limits.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func ChannelLink(guild, channel string) string {
	return fmt.Sprintf("https://discord.com/channels/%s/%s", guild, channel)
}

// LevelWord is the name in l of one of the computer's levels (ai.Levels).
func LevelWord(l *lang.Lang, level string) string {
	switch level {
	case "easy":
		return l.T("chal.level.easy")
	case "medium":
		return l.T("chal.level.medium")
	case "hard":
		return l.T("chal.level.hard")
	}
	return level
}
