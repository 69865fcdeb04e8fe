// Package fuzzcorpus keeps the committed seed corpora of darwinsim's fuzz
// targets in step with the inputs their tests derive them from (the seed
// games, damaged copies of them, regression inputs). Test code only.
package fuzzcorpus

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Entry formats data as a corpus file of a fuzz target taking one []byte.
func Entry(data []byte) []byte {
	return fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", data)
}

// Sync checks that dir holds a corpus file for every entry of want, with
// exactly that content; with update it writes them instead. rerun is the
// command that regenerates the files, for the failure message.
func Sync(t testing.TB, dir string, want map[string][]byte, update bool, rerun string) {
	t.Helper()
	for name, data := range want {
		path := filepath.Join(dir, name)
		content := Entry(data)
		if update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, content) {
			t.Errorf("fuzz corpus file %s missing or stale (run %s)", path, rerun)
		}
	}
}
