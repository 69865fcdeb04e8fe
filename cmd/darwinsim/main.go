// Command darwinsim compiles, simulates and evolves card games. Run
// `darwinsim --help` for the commands.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr, run))
}

// runMain runs the CLI through run with the stop signals watched (see
// watchSignals) and returns the exit code.
func runMain(args []string, stdout, stderr io.Writer, run func(context.Context, []string, io.Writer, io.Writer) int) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	go watchSignals(sigs, cancel, stderr, os.Exit)
	return run(ctx, args, stdout, stderr)
}
