package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/joho/godotenv"
)

const tokenHelp = `kilab: DISCORD_TOKEN is not set.

To get a token:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env next to where you run kilab:
       DISCORD_TOKEN=your-token-here
     (copy .env.example to start), or export DISCORD_TOKEN in your shell.
`

// runBot starts the Discord bot. It reads .env first (values already in the
// environment win), so a newcomer's only step is that file.
func runBot(args []string, _, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprintln(stderr, "Usage: kilab [run]\n\nRuns the Discord bot with the settings of .env and the environment\n(DISCORD_TOKEN, DATABASE_PATH; see .env.example).")
		return 0
	}
	if err := godotenv.Load(); err != nil && !os.IsNotExist(err) {
		fmt.Fprintf(stderr, "kilab: reading .env: %v\n", err)
		return 2
	}
	if strings.TrimSpace(os.Getenv("DISCORD_TOKEN")) == "" {
		fmt.Fprint(stderr, tokenHelp)
		return 2
	}
	fmt.Fprintln(stderr, "kilab: the Discord bot is not part of this build yet; the rules engines are: try 'kilab moves --game aseb --throw 2'")
	return 1
}
