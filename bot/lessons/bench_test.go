package lessons

import (
	"testing"

	"kilab/lang"
)

// BenchmarkStepMessage is the cost of answering a click: a step's message
// with its picture.
func BenchmarkStepMessage(b *testing.B) {
	for _, name := range []string{"aseb", "tab", "seega"} {
		b.Run(name, func(b *testing.B) {
			n := len(built()[name].Steps)
			for i := 0; b.Loop(); i++ {
				if _, err := stepMessage(lang.En, name, i%n, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
