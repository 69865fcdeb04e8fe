//go:build unix

package evolve

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// processAlive tells whether a process of this host with that number
// runs: signal 0 checks without sending anything. A process of another
// user (EPERM) runs too. A zombie, a process that has ended but that its
// parent has not waited for yet (a run killed a moment ago), does not:
// where the system says so in /proc (Linux), it is gone.
func processAlive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	if stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
		// "pid (command) state ...": the command may hold anything.
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && (stat[i+2] == 'Z' || stat[i+2] == 'X') {
			return false
		}
	}
	return true
}
