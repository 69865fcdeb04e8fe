// Package fuzzcorpus keeps the committed seed corpora of darwinsim's fuzz
// targets in step with the inputs their tests derive them from (the seed
// games, damaged copies of them, regression inputs). Test code only.
package fuzzcorpus

import (
	"bytes"
	"encoding/binary"
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

// ApplyEdits returns a copy of base changed by the edits data encodes,
// three bytes each (a trailing one or two bytes are ignored): the top two
// bits of the first byte are the kind, its other six bits and the second
// byte a position (taken modulo the length), the third byte a value. Kind
// 0 sets the byte at the position to the value, 1 adds the value (as a
// signed byte) to the little-endian uint32 there (an offset, a length, a
// count), 2 inserts the value there, and 3 deletes the byte there. Fuzz
// targets of files that carry a checksum read their input as edits of a
// valid file, sealed again, so that fuzzing reaches the content behind it.
func ApplyEdits(base, data []byte) []byte {
	b := bytes.Clone(base)
	for ; len(data) >= 3; data = data[3:] {
		pos := int(binary.BigEndian.Uint16(data[:2]) & 0x3fff)
		v := data[2]
		switch data[0] >> 6 {
		case 0:
			if len(b) > 0 {
				b[pos%len(b)] = v
			}
		case 1:
			if len(b) >= 4 {
				at := pos % (len(b) - 3)
				binary.LittleEndian.PutUint32(b[at:], binary.LittleEndian.Uint32(b[at:])+uint32(int32(int8(v))))
			}
		case 2:
			at := pos % (len(b) + 1)
			b = append(b[:at], append([]byte{v}, b[at:]...)...)
		case 3:
			if len(b) > 0 {
				at := pos % len(b)
				b = append(b[:at], b[at+1:]...)
			}
		}
	}
	return b
}

// Edit encodes one edit for ApplyEdits.
func Edit(kind, pos int, v byte) []byte {
	return []byte{byte(kind<<6 | pos>>8&0x3f), byte(pos), v}
}
