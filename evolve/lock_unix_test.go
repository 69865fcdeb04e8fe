//go:build unix

package evolve

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// TestProcessAlive: this process runs; one that has ended does not, even
// before its parent waited for it (a zombie), where /proc tells.
func TestProcessAlive(t *testing.T) {
	if !processAlive(os.Getpid()) || !processAlive(os.Getppid()) {
		t.Fatal("this process or its parent is not alive")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	stat := "/proc/" + strconv.Itoa(pid) + "/stat"
	if _, err := os.Stat(stat); err != nil {
		cmd.Wait()
		t.Skipf("no /proc: %v", err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		b, err := os.ReadFile(stat)
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && b[i+2] == 'Z' {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the child did not end")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if processAlive(pid) {
		t.Error("a zombie process is alive")
	}
	cmd.Wait()
	if processAlive(pid) {
		t.Error("a process that was waited for is alive")
	}
}
