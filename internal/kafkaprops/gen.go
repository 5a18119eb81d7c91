//go:build ignore

// gen.go writes properties_gen.go from propgen/CONFIGURATION.md (a copy of
// librdkafka's CONFIGURATION.md at the version the table documents). Run it with
// go generate ./internal/kafkaprops after replacing the copy.
package main

import (
	"log"
	"os"

	"github.com/kafkalint/kafkalint/internal/kafkaprops/propgen"
)

func main() {
	md, err := os.ReadFile("propgen/CONFIGURATION.md")
	if err != nil {
		log.Fatal(err)
	}
	src, err := propgen.Generate(md)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("properties_gen.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
