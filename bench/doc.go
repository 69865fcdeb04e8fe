// Package bench holds darwinsim's end-to-end benchmarks and the agreement
// tests of the native games; it has no code of its own beyond its tests.
//
// The benchmarks mirror the pipeline: compile a genome, verify and load its
// program, play one game on the VM and on its hand-written native version
// (package internal/native), play a batch, run a generation of evolution.
// Every game benchmark reports games/s (and decisions/s and plays/s) and
// checks that the mean game length of the games it timed lies in a stated
// band, so that a degenerate game cannot pass for speed. Run them with
//
//	go test -run '^$' -bench . -count 10 ./bench/
//
// on an otherwise idle machine; RESULTS.md records the reference figures,
// the VM/native ratios among them, with both sides compiled alike.
//
// The agreement tests play the same seeds through the native games and the
// VM and require identical outcomes, game by game, backed by a statistical
// comparison on independent seeds.
package bench
