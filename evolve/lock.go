package evolve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// Run directory locks. While a run writes to its directory, the directory
// holds the lock file LockFile, created with O_EXCL (which fails when the
// file exists, also on the network filesystems of clusters), naming the
// host, the process and the time it started. A second run on the same
// directory finds the file and is refused, whoever holds it:
//
//   - a process of this host that is still running holds it: refused;
//   - a process of this host that is gone left it (killed, or its machine
//     stopped): the lock is stale, and is taken over with a message;
//   - a process of another host holds it: refused, since this host cannot
//     tell whether it still runs (run directories may sit on a cluster's
//     shared filesystem); the message names the host, the process and the
//     file to delete if that run has ended.
//
// The lock is advisory: it keeps darwinsim runs apart, not other programs.

// LockFile is the name of a run directory's lock file.
const LockFile = ".lock"

// lockInfo is what a lock file holds: who holds the lock, as JSON.
type lockInfo struct {
	Host    string `json:"host"`
	PID     int    `json:"pid"`
	Started string `json:"started"` // RFC 3339, for people
}

// dirLock is a run directory's lock that this process holds.
type dirLock struct {
	path     string
	data     []byte // what this process wrote: it removes only its own file
	tookOver bool   // the lock was taken over from a stopped process
}

// heldLocks are the lock files this process holds, by path. A lock file
// that names this process but is not among them was left by an earlier
// process of the same number: it is stale.
var heldLocks sync.Map

// lockDir takes dir's lock, taking over a stale one with a message to
// notes.
func lockDir(dir string, notes io.Writer) (*dirLock, error) {
	path := filepath.Join(dir, LockFile)
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown-host"
	}
	me := lockInfo{Host: host, PID: os.Getpid(), Started: time.Now().UTC().Format(time.RFC3339)}
	data, err := json.Marshal(me)
	if err != nil {
		return nil, err
	}
	data = append(data, '\n')
	key, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	// Each round either takes the lock, refuses, or removes a stale lock
	// (then tries again); a lock that changes under it every time is
	// another run's, taking it at the same moment.
	tookOver := false
	for range 3 {
		err := createExcl(path, data)
		if err == nil {
			heldLocks.Store(key, true)
			return &dirLock{path: path, data: data, tookOver: tookOver}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("locking run directory %s: %w", dir, err)
		}
		old, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue // released meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("locking run directory %s: %w", dir, err)
		}
		var other lockInfo
		if json.Unmarshal(old, &other) != nil || other.PID <= 0 || other.Host == "" {
			return nil, fmt.Errorf("run directory %s is locked by %s, which names no process (it holds %q); if no run is using the directory, delete %s", dir, path, clip(old, 80), path)
		}
		_, mine := heldLocks.Load(key)
		switch {
		case other.Host != host:
			return nil, fmt.Errorf("run directory %s is in use by process %d on host %s (since %s): this host cannot tell whether that run goes on; if it has ended, delete %s", dir, other.PID, other.Host, other.Started, path)
		case other.PID == os.Getpid() && mine:
			return nil, fmt.Errorf("run directory %s is in use by another run of this process (since %s)", dir, other.Started)
		case other.PID != os.Getpid() && processAlive(other.PID):
			return nil, fmt.Errorf("run directory %s is in use by process %d on this host (since %s); wait for that run to end or stop it (if process %d is no darwinsim run, delete %s)", dir, other.PID, other.Started, other.PID, path)
		}
		if err := takeOver(path, old); err != nil {
			continue
		}
		tookOver = true
		fmt.Fprintf(notes, "darwinsim: %s was left by process %d of this host (since %s), which is gone: taking the lock over\n", path, other.PID, other.Started)
	}
	return nil, fmt.Errorf("run directory %s: its lock %s changed each time it was read; another run is taking it", dir, path)
}

// createExcl creates path, which must not exist, with data.
func createExcl(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// takeOver removes the stale lock file path, which held old. It first
// moves the file aside (a rename is atomic), so that of two runs taking
// over the same stale lock at once, one moves it and the other fails; and
// if what it moved is no longer old (another run took the lock over and
// wrote its own in the meantime), it puts that back.
func takeOver(path string, old []byte) error {
	aside := path + ".tmp" + strconv.Itoa(os.Getpid())
	if err := os.Rename(path, aside); err != nil {
		return err
	}
	defer os.Remove(aside)
	moved, err := os.ReadFile(aside)
	if err != nil {
		return err
	}
	if !bytes.Equal(moved, old) {
		_ = os.Link(aside, path) // fails if yet another run holds it now
		return errors.New("the lock changed")
	}
	return nil
}

// release removes the lock file if it is still this process's.
func (l *dirLock) release() error {
	if l == nil {
		return nil
	}
	if key, err := filepath.Abs(l.path); err == nil {
		defer heldLocks.Delete(key)
	}
	data, err := os.ReadFile(l.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("releasing the run directory's lock: %w", err)
	case !bytes.Equal(data, l.data):
		return fmt.Errorf("releasing the run directory's lock: %s is no longer this run's (it holds %q); left in place", l.path, clip(data, 80))
	}
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("releasing the run directory's lock: %w", err)
	}
	return nil
}

// clip returns at most n bytes of b as a string, for messages.
func clip(b []byte, n int) string {
	b = bytes.TrimSpace(b)
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
