package genome

import (
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"
)

//go:embed seeds/*.json
var seedFS embed.FS

// SeedNames lists the seed library, sorted.
func SeedNames() []string {
	entries, err := seedFS.ReadDir("seeds")
	if err != nil {
		panic("genome: embedded seed library unreadable: " + err.Error())
	}
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".json"))
	}
	slices.Sort(names)
	return names
}

// Seed returns a fresh copy of the named seed game.
func Seed(name string) (*Genome, error) {
	data, err := seedFS.ReadFile(path.Join("seeds", name+".json"))
	if err != nil {
		return nil, fmt.Errorf("no seed game %q (the library has: %s)", name, strings.Join(SeedNames(), ", "))
	}
	g, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("seed %s: %w", name, err)
	}
	return g, nil
}

// Seeds returns every seed game, in SeedNames order.
func Seeds() []*Genome {
	var gs []*Genome
	for _, n := range SeedNames() {
		g, err := Seed(n)
		if err != nil {
			panic("genome: " + err.Error())
		}
		gs = append(gs, g)
	}
	return gs
}
