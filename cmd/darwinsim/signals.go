package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"syscall"
)

// stopSignals are the signals that stop a command: Ctrl-C, and SIGTERM,
// which batch schedulers send at a time limit or on preemption.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// watchSignals stops the command on signals. The first cancels the
// command's context: the work stops at its next safe point (a batch within
// a few hundred games, an evolution at the end of the generation being
// scored, after its checkpoint) and the command says so, exiting 130. The
// second ends the process at once through exit(130), after one line on
// stderr; every file already written is whole, since each is written
// through a temporary file and a rename. It returns when sigs is closed.
func watchSignals(sigs <-chan os.Signal, cancel context.CancelFunc, stderr io.Writer, exit func(int)) {
	s, ok := <-sigs
	if !ok {
		return
	}
	cancel()
	fmt.Fprintf(stderr, "darwinsim: %s: stopping at the next safe point (again to stop at once)\n", signalName(s))
	s, ok = <-sigs
	if !ok {
		return
	}
	fmt.Fprintf(stderr, "darwinsim: %s again: stopped at once (files already written are whole)\n", signalName(s))
	exit(exitInterrupt)
}

// signalName is the name a user knows a stop signal by.
func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "interrupt"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
