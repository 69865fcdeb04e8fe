package atomicfile

import (
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1 (no temporary file left)", len(entries))
	}
	// A directory that does not exist: an error naming the path, and
	// nothing written.
	missing := filepath.Join(dir, "missing", "f")
	err := Write(missing, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "cannot write "+missing+": the directory") {
		t.Errorf("writing into a missing directory: %v", err)
	}
}

// TestRefuseNonRegular: a device, FIFO, socket, directory or symbolic link
// is refused with an error naming the path and what it is, and stays what
// it was.
func TestRefuseNonRegular(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep")
	if err := os.WriteFile(keep, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(keep, link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "inside"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A Unix socket path is limited to about 100 bytes: make it short.
	sockDir, err := os.MkdirTemp("", "af")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	sock := filepath.Join(sockDir, "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	cases := []struct {
		path, kind string
		still      func() bool
	}{
		{"/dev/null", "a device", func() bool {
			fi, err := os.Lstat("/dev/null")
			return err == nil && fi.Mode()&fs.ModeCharDevice != 0
		}},
		{link, "a symbolic link", func() bool {
			to, err := os.Readlink(link)
			b, _ := os.ReadFile(keep)
			return err == nil && to == keep && string(b) == "keep"
		}},
		{dangling, "a symbolic link", func() bool {
			_, err := os.Readlink(dangling)
			_, serr := os.Lstat(filepath.Join(dir, "nowhere"))
			return err == nil && serr != nil
		}},
		{fifo, "a FIFO (named pipe)", func() bool {
			fi, err := os.Lstat(fifo)
			return err == nil && fi.Mode()&fs.ModeNamedPipe != 0
		}},
		{sub, "a directory", func() bool {
			es, err := os.ReadDir(sub)
			return err == nil && len(es) == 1 && es[0].Name() == "inside"
		}},
		{sock, "a socket", func() bool {
			fi, err := os.Lstat(sock)
			return err == nil && fi.Mode()&fs.ModeSocket != 0
		}},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.path), func(t *testing.T) {
			want := "refusing to write " + c.path + ": it is " + c.kind + ", not a regular file"
			for name, f := range map[string]func() error{
				"Check":  func() error { return Check(c.path) },
				"Write":  func() error { return Write(c.path, []byte("clobbered")) },
				"Create": func() error { _, err := Create(c.path); return err },
			} {
				if err := f(); err == nil || err.Error() != want {
					t.Errorf("%s: %v, want %q", name, err, want)
				}
			}
			if !c.still() {
				t.Errorf("%s was changed", c.path)
			}
		})
	}
	// No temporary file was left behind.
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestTargetReplacedBeforeCommit: a target that becomes a symbolic link
// while the data is being written is refused at Commit, untouched.
func TestTargetReplacedBeforeCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	a, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("data")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", path); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(); err == nil || !strings.Contains(err.Error(), "it is a symbolic link") {
		t.Errorf("Commit: %v", err)
	}
	if to, err := os.Readlink(path); err != nil || to != "/dev/null" {
		t.Errorf("the link now points to %q (%v)", to, err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files in the directory, want 1 (no temporary file left)", len(es))
	}
}

// TestPermissions: a new file gets 0666 less the umask; a file written over
// keeps its permission bits.
func TestPermissions(t *testing.T) {
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "new")
	if err := Write(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("new file under umask 027: mode %v (%v), want -rw-r-----", fi.Mode().Perm(), err)
	}
	syscall.Umask(0o022)
	existing := filepath.Join(dir, "existing")
	if err := os.WriteFile(existing, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(existing, 0o604); err != nil {
		t.Fatal(err)
	}
	if err := Write(existing, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(existing); err != nil || fi.Mode().Perm() != 0o604 {
		t.Errorf("rewritten file: mode %v (%v), want -rw----r--", fi.Mode().Perm(), err)
	}
}

// TestAbort: an aborted file leaves the target as it was and no temporary
// file.
func TestAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("new"))
	a.Abort()
	a.Abort()
	if err := a.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("target is %q after Abort", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files in the directory, want 1", len(es))
	}
}
