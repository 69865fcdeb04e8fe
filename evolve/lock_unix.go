//go:build unix

package evolve

import (
	"errors"
	"syscall"
)

// processAlive tells whether a process of this host with that number
// runs: signal 0 checks without sending anything. A process of another
// user (EPERM) runs too.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || !errors.Is(err, syscall.ESRCH)
}
