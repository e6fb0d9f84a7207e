package info

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	b, rec, _ := unit(t)
	for _, p := range readBook(t, b, rec, os.Getenv("DUMP"), os.Getenv("LOC")) {
		fmt.Printf("=== %s [%s] (%d)\n%s\n--- %s\n", p.Title, p.URL, len([]rune(p.Description)), p.Description, p.Footer.Text)
	}
}
