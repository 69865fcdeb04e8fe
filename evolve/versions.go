package evolve

import (
	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
)

// Versions names the four versions that say what a result means: the
// genome schema (the JSON form of its games), the bytecode format and
// semantics (what the VM played) and the fitness (how games were scored).
// Every result darwinsim writes records them (a run's config.json, the
// JSON of simulate and score), so a figure can be traced to the rules that
// produced it. Its JSON keys are flat, to sit beside a result's own.
type Versions struct {
	Fitness        int `json:"fitness_version"`
	Semantics      int `json:"semantics_version"`
	BytecodeFormat int `json:"bytecode_format_version"`
	GenomeSchema   int `json:"genome_schema_version"`
}

// CurrentVersions are this build's.
func CurrentVersions() Versions {
	return Versions{
		Fitness:        FitnessVersion,
		Semantics:      bytecode.SemanticsVersion,
		BytecodeFormat: bytecode.FormatVersion,
		GenomeSchema:   genome.SchemaVersion,
	}
}
