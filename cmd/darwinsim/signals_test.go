package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWatchSignals: the first signal cancels the context and says so; the
// second exits at once with 130 after one line.
func TestWatchSignals(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	ctx, cancel := context.WithCancel(context.Background())
	var e bytes.Buffer
	exited := make(chan int, 1)
	done := make(chan struct{})
	go func() {
		watchSignals(sigs, cancel, &e, func(code int) { exited <- code })
		close(done)
	}()
	sigs <- syscall.SIGTERM
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the first signal did not cancel the context")
	}
	select {
	case code := <-exited:
		t.Fatalf("the first signal exited (%d)", code)
	default:
	}
	sigs <- os.Interrupt
	select {
	case code := <-exited:
		if code != exitInterrupt {
			t.Errorf("second signal: exit %d, want %d", code, exitInterrupt)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second signal did not exit")
	}
	<-done
	want := "darwinsim: SIGTERM: stopping at the next safe point (again to stop at once)\n" +
		"darwinsim: interrupt again: stopped at once (files already written are whole)\n"
	if e.String() != want {
		t.Errorf("stderr %q, want %q", e.String(), want)
	}

	// A closed channel (no signal) ends the watch without cancelling.
	sigs = make(chan os.Signal)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	close(sigs)
	watchSignals(sigs, cancel, &e, func(int) { t.Error("exit without a signal") })
	if ctx.Err() != nil {
		t.Error("cancelled without a signal")
	}
}

// signalChildEnv tells the test binary, run again as a child, to play the
// darwinsim command instead of running tests.
const signalChildEnv = "DARWINSIM_SIGNAL_CHILD"

// TestSignalChild is the child of TestSignals: it runs main's code with
// the arguments of signalChildEnv ("block" runs a command that ignores its
// context) after saying "ready" on stderr.
func TestSignalChild(t *testing.T) {
	spec := os.Getenv(signalChildEnv)
	if spec == "" {
		t.Skip("run by TestSignals as a child process")
	}
	args := strings.Fields(spec)
	runFn := func(ctx context.Context, args []string, stdout, stderr io.Writer) int {
		fmt.Fprintln(stderr, "ready")
		if args[0] == "block" {
			time.Sleep(time.Minute)
			return 99
		}
		return run(ctx, args, stdout, stderr)
	}
	os.Exit(runMain(args, os.Stdout, os.Stderr, runFn))
}

// TestSignals sends real signals to a child process: SIGTERM stops a
// simulation at a safe point with exit 130; a second signal ends a command
// that has not stopped yet at once, with 130.
func TestSignals(t *testing.T) {
	cases := []struct {
		name string
		args string
		sigs []os.Signal
		want string // stderr after "ready"
	}{
		{"SIGTERM stops at a safe point", "simulate war -n 100000000 --workers 1 -q", []os.Signal{syscall.SIGTERM},
			"darwinsim: SIGTERM: stopping at the next safe point (again to stop at once)\ndarwinsim: interrupted\n"},
		{"interrupt stops at a safe point", "simulate war -n 100000000 --workers 2", []os.Signal{os.Interrupt},
			"darwinsim: interrupt: stopping at the next safe point (again to stop at once)\ndarwinsim: interrupted\n"},
		{"a second signal stops at once", "block", []os.Signal{syscall.SIGTERM, os.Interrupt},
			"darwinsim: SIGTERM: stopping at the next safe point (again to stop at once)\ndarwinsim: interrupt again: stopped at once (files already written are whole)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestSignalChild$")
			cmd.Env = append(os.Environ(), signalChildEnv+"="+c.args)
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(stderr)
			if line, err := r.ReadString('\n'); line != "ready\n" {
				cmd.Process.Kill()
				t.Fatalf("child said %q (%v)", line, err)
			}
			for _, s := range c.sigs {
				if err := cmd.Process.Signal(s); err != nil {
					t.Fatal(err)
				}
				time.Sleep(50 * time.Millisecond)
			}
			rest, _ := io.ReadAll(r)
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupt {
				t.Errorf("child: %v, want exit %d", err, exitInterrupt)
			}
			if string(rest) != c.want {
				t.Errorf("stderr %q, want %q", rest, c.want)
			}
		})
	}
}
