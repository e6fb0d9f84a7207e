package tab

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kilab/games"
)

// TestDocExamples runs the examples of the Tab notation guide through the engine
// the way `kilab moves` and `kilab replay` do, and compares what they print, so
// that the guide cannot drift from the rules.
func TestDocExamples(t *testing.T) {
	block := docExamples(t)
	var cmd []string
	var want []string
	check := func() {
		if cmd != nil {
			if got := runExample(cmd); !slices.Equal(got, want) {
				t.Errorf("$ %s\n got: %q\nwant: %q", strings.Join(cmd, " "), got, want)
			}
		}
	}
	for _, line := range block {
		if rest, ok := strings.CutPrefix(line, "$ kilab "); ok {
			check()
			cmd, want = shellWords(t, rest), nil
			continue
		}
		want = append(want, line)
	}
	check()
}

// docExamples returns the lines of the code block under the Tab guide's Examples:
// from docs/notation.md.
func docExamples(t *testing.T) []string {
	for _, path := range []string{"../../docs/notation.md"} {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		_, tab, ok := strings.Cut(string(b), "## Tab\n")
		if !ok {
			continue
		}
		tab, _, _ = strings.Cut(tab, "\n## ")
		_, ex, ok := strings.Cut(tab, "### Examples\n\n```\n")
		if !ok {
			t.Fatalf("%s: the Tab section has no examples block", path)
		}
		ex, _, _ = strings.Cut(ex, "```")
		return strings.Split(strings.TrimSuffix(ex, "\n"), "\n")
	}
	t.Fatal("no Tab notation guide in docs/notation.md")
	return nil
}

// shellWords splits a command line at spaces, keeping single-quoted text whole.
func shellWords(t *testing.T, s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if q, ok := strings.CutPrefix(s, "'"); ok {
			word, rest, found := strings.Cut(q, "'")
			if !found {
				t.Fatalf("unclosed quote in %q", s)
			}
			out, s = append(out, word), rest
			continue
		}
		word, rest, _ := strings.Cut(s, " ")
		out, s = append(out, word), rest
	}
	return out
}

// runExample does what the command line does for args and returns its output
// lines, an error as "kilab: ...".
func runExample(args []string) []string {
	out, err := example(args)
	if err != nil {
		out = append(out, "kilab: "+err.Error())
	}
	return out
}

func example(args []string) ([]string, error) {
	cfg := games.Config{Options: map[string]string{}}
	var position, throw string
	var record []string
	for i := 1; i < len(args); i++ {
		switch args[i] {
		case "--game":
			i++
		case "--opt":
			k, v, _ := strings.Cut(args[i+1], "=")
			cfg.Options[k] = v
			i++
		case "--position":
			position = args[i+1]
			i++
		case "--throw":
			throw = args[i+1]
			i++
		default:
			record = append(record, args[i])
		}
	}
	pos, err := examplePosition(cfg, position)
	if err != nil {
		return nil, err
	}
	if args[0] == "replay" {
		return exampleReplay(pos, record)
	}
	return exampleMoves(pos, throw)
}

func examplePosition(cfg games.Config, text string) (games.Position, error) {
	if text == "" {
		return Game{}.New(cfg)
	}
	return Game{}.Parse(cfg, text)
}

func exampleMoves(pos games.Position, throw string) ([]string, error) {
	moves := pos.Moves()
	if throw != "" {
		n, _ := strconv.Atoi(throw)
		var err error
		if moves, err = pos.(games.ScoreLister).MovesFor(games.Throw(n)); err != nil {
			return nil, err
		}
	}
	return moveTexts(moves), nil
}

func exampleReplay(pos games.Position, record []string) ([]string, error) {
	plies, err := games.ParseRecord(strings.Join(record, " "))
	if err != nil {
		return nil, err
	}
	var out []string
	final, err := games.Replay(pos, plies, func(i int, p games.Ply, after games.Position) {
		out = append(out, fmt.Sprintf("%d\t%s\t%s", i+1, p, after))
	})
	if err != nil {
		return out, err
	}
	due := final.Due()
	what := map[games.DueKind]string{games.DueThrow: "throw", games.DueMove: "move"}[due.Kind]
	return append(out, fmt.Sprintf("outcome\tongoing, %s to %s", Game{}.Seats()[due.Player], what)), nil
}
