// Package atomicfile writes files so that a reader (or a machine that
// stops midway) sees either the old file or the new one, whole, never half
// of it. Every file darwinsim writes for a user goes through it: program
// files, batch results, profiles, run directories and checkpoints.
//
// Writes go to regular files only. A target that exists and is anything
// else (a device such as /dev/null, a FIFO, a socket, a directory or a
// symbolic link) is refused with an error naming the path and what it is,
// and is left untouched: renaming a new file over it would replace the
// device node or the link itself, which is never what the user meant.
//
// A new file gets the permissions the user's umask allows for 0666, as a
// file made by the shell's ">" would; a file written over keeps its
// permission bits.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Check reports whether path may be written: it is a regular file, or it
// does not exist and its directory does. Commands call it before long work
// so that a bad output path fails at once rather than after the work.
func Check(path string) error {
	_, err := target(path)
	return err
}

// target checks path as Check does and returns its current permission bits
// (0 when it does not exist yet).
func target(path string) (fs.FileMode, error) {
	fi, err := os.Lstat(path)
	if err == nil {
		if kind := nonRegular(fi.Mode()); kind != "" {
			return 0, fmt.Errorf("refusing to write %s: it is %s, not a regular file", path, kind)
		}
		return fi.Mode().Perm(), nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	dir := filepath.Dir(path)
	di, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0, fmt.Errorf("cannot write %s: the directory %s does not exist", path, dir)
	case err != nil:
		return 0, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	case !di.IsDir():
		return 0, fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
	}
	return 0, nil
}

// nonRegular names what a file of mode m is, or returns "" for a regular
// file.
func nonRegular(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// unwrapPath drops the path and operation of an *fs.PathError, whose path
// may be a temporary file's, keeping the cause.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// TempPrefix is how the names of the temporary files of a file named name
// (without its directory) start: a process stopped midway leaves one
// behind, which whoever owns the directory may recognise and remove.
func TempPrefix(name string) string { return "." + name + ".tmp" }

// File is an output being written: the data goes to a temporary file in
// the target's directory, and Commit puts it in place.
type File struct {
	f    *os.File
	path string
	tmp  string
	done bool // committed or aborted
}

// Create starts writing path. It fails, touching nothing, when Check does.
func Create(path string) (*File, error) {
	perm, err := target(path)
	if err != nil {
		return nil, err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	var f *os.File
	for range 1000 {
		tmp := filepath.Join(dir, TempPrefix(base)+strconv.FormatUint(uint64(rand.Uint32()), 36))
		// 0666 through O_CREATE|O_EXCL: the kernel applies the umask.
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	a := &File{f: f, path: path, tmp: f.Name()}
	if perm != 0 {
		if err := f.Chmod(perm); err != nil {
			a.Abort()
			return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
	}
	return a, nil
}

// Write writes to the temporary file.
func (a *File) Write(p []byte) (int, error) {
	n, err := a.f.Write(p)
	if err != nil {
		err = fmt.Errorf("writing %s: %w", a.path, unwrapPath(err))
	}
	return n, err
}

// Commit syncs the data to disk and renames it over the target, then syncs
// the directory where the system allows. On failure the temporary file is
// removed and the target is untouched.
func (a *File) Commit() error {
	if a.done {
		return fmt.Errorf("writing %s: already committed or aborted", a.path)
	}
	if err := a.f.Sync(); err != nil {
		a.Abort()
		return fmt.Errorf("writing %s: %w", a.path, unwrapPath(err))
	}
	a.done = true
	if err := a.f.Close(); err != nil {
		os.Remove(a.tmp)
		return fmt.Errorf("writing %s: %w", a.path, unwrapPath(err))
	}
	// The target may have changed since Create: check it again just
	// before the rename, which would replace whatever is there.
	if _, err := target(a.path); err != nil {
		os.Remove(a.tmp)
		return err
	}
	if err := os.Rename(a.tmp, a.path); err != nil {
		os.Remove(a.tmp)
		return fmt.Errorf("writing %s: %w", a.path, unwrapPath(err))
	}
	// Make the rename itself durable. Some systems cannot sync a
	// directory; the file is in place either way.
	if d, err := os.Open(filepath.Dir(a.path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Abort removes the temporary file; the target is untouched. It may be
// called after Commit, where it does nothing.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.f.Close()
	os.Remove(a.tmp)
}

// Write writes data to path through a temporary file in the same directory,
// synced to disk and renamed over path, as Create, Write and Commit do. On
// failure the temporary file is removed and path is untouched.
func Write(path string, data []byte) error {
	a, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := a.Write(data); err != nil {
		a.Abort()
		return err
	}
	return a.Commit()
}
