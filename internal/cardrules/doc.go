// Package cardrules is the rules vocabulary of darwinsim: every enum that the
// genome model and the bytecode both speak, the name of each value, which
// fields each kind of effect uses, and every limit of the model.
//
// It is the one source of truth for them. The genome package writes and
// reads these names in JSON and prose; the bytecode stores the same numbers
// in its bytes; the verifier, the disassembler, the VM, the trace, the CLI
// and the native games all take names and limits from here, so that adding
// an effect type or a phase kind is a change in one table, not in six.
//
// Each enum is a uint8 type whose values number from 0 in the order of the
// bytecode, with a Num... constant counting them. Its names live in one
// table, checked at compile time to have one entry per value; String,
// MarshalText and UnmarshalText all read that table, and a test checks that
// every value has a non-empty name and that every name reads back as its
// value. The package imports only the standard library and holds data and
// tiny helpers only: no rule is played here.
package cardrules
