//go:build !unix

package evolve

// processAlive tells whether a process of this host with that number
// runs. Where the system offers no check, every process is taken to run:
// a stale lock is then refused like a held one, and its message names the
// file to delete.
func processAlive(pid int) bool { return true }
