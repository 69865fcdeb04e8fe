package evolve

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// A run directory holds one run: the result files WriteRun writes when it
// ends, its checkpoint after every generation, config.json (ConfigJSON)
// from the start, so that the directory always names its run, and the
// side files provenance.json and timings.json. While a run writes to it,
// the directory is locked (lock.go). CreateRunDir prepares a directory for
// a new run, OpenRunDir one to resume; both return a RunDir holding the
// lock, which Close releases.

// Names of a run directory's files.
const (
	ConfigFile     = "config.json"
	CheckpointFile = "checkpoint.dsck"
	ProvenanceFile = "provenance.json"
	TimingsFile    = "timings.json"
)

// runFileNames are the files a run writes into its directory: the only
// ones whose temporary files (atomicfile.TempPrefix) are a run's leftovers.
var runFileNames = slices.Concat([]string{ConfigFile, CheckpointFile, ProvenanceFile, TimingsFile}, ResultFiles, ArchiveFiles, []string{IslandsFile})

// isTempFile tells whether name is a temporary file of a run's: one that
// an atomic write of a run file, or a lock's take-over, left behind when
// its process stopped midway. Whoever holds the directory's lock may
// remove it.
func isTempFile(name string) bool {
	if strings.HasPrefix(name, LockFile+".tmp") {
		return true
	}
	for _, f := range runFileNames {
		if strings.HasPrefix(name, atomicfile.TempPrefix(f)) {
			return true
		}
	}
	return false
}

// IslandDir is the directory of island i in the run directory dir of a
// run of islands: it holds the island's checkpoint (and, for an island
// run as a process of its own, its lock, config.json, provenance.json and
// timings.json).
func IslandDir(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("island-%d", i))
}

// RunDir is a run directory whose lock this process holds, for one run to
// write into. Close releases it.
type RunDir struct {
	Dir  string
	lock *dirLock
	// island is true for the directory of one island run as a process of
	// its own (OpenIsland): its checkpoint is its island's. A run of
	// islands in one process writes each island's into IslandDir.
	island bool
	// invocations is the number of commands that worked on the run, this
	// one included, as provenance.json lists them; 0 when that is not
	// known (provenance.json was lost).
	invocations int
	notes       io.Writer
}

// Close releases the directory's lock.
func (d *RunDir) Close() error {
	err := d.lock.release()
	d.lock = nil
	return err
}

// CreateRunDir prepares dir for a new run of cfg, which inv started: it
// makes the directory if needed, locks it, and writes provenance.json
// (inv and cfg), then config.json (ConfigJSON(cfg)), before the run's
// first generation. A directory that holds anything else than a run's
// leftovers is refused, so that a run never overwrites another; leftovers
// are what a run that stopped before its first checkpoint leaves
// (provenance.json, config.json, StartsFile, temporary files of run
// files, a stale lock), which it removes, saying so on notes.
func CreateRunDir(dir string, cfg Config, inv Invocation, notes io.Writer) (*RunDir, error) {
	if notes == nil {
		notes = io.Discard
	}
	if target, err := os.Readlink(dir); err == nil {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("run directory %s is a symbolic link to %s, which does not exist (create that directory, or choose another --out)", dir, target)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("run directory: %w", err)
	}
	lock, err := lockDir(dir, notes)
	if err != nil {
		return nil, err
	}
	d := &RunDir{Dir: dir, lock: lock, notes: notes}
	fail := func(err error) (*RunDir, error) {
		d.Close()
		return nil, err
	}
	if err := d.clearLeftovers(); err != nil {
		return fail(err)
	}
	js, err := ConfigJSON(cfg)
	if err != nil {
		return fail(err)
	}
	// provenance.json first: a directory that holds it is a run's, so a
	// config.json beside it (and nothing else) is that run's leftover.
	if err := writeJSON(filepath.Join(dir, ProvenanceFile), Provenance{Invocation: inv, Config: cfg}); err != nil {
		return fail(err)
	}
	if err := atomicfile.Write(filepath.Join(dir, ConfigFile), js); err != nil {
		return fail(err)
	}
	d.invocations = 1
	return d, nil
}

// clearLeftovers removes the leftovers of a run that stopped before its
// first checkpoint, and refuses a directory that holds anything else. A
// config.json or StartsFile alone (which might be anyone's) is a leftover
// only beside another sign of a run: provenance.json, a temporary file of
// a run file, or a stale lock just taken over.
func (d *RunDir) clearLeftovers() error {
	entries, err := os.ReadDir(d.Dir)
	if err != nil {
		return err
	}
	var left, names []string
	ours := d.lock.tookOver
	for _, e := range entries {
		name := e.Name()
		if name == LockFile {
			continue
		}
		names = append(names, name)
		switch regular := e.Type().IsRegular(); {
		case regular && isTempFile(name), regular && name == ProvenanceFile:
			left, ours = append(left, name), true
		case regular && (name == ConfigFile || name == StartsFile):
			left = append(left, name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	if len(left) < len(names) || !ours {
		has := func(n string) bool { return slices.Contains(names, n) }
		switch {
		case has(CheckpointFile) && has(ResultFiles[len(ResultFiles)-1]):
			return fmt.Errorf("run directory %s already holds a finished run; choose another --out", d.Dir)
		case has(CheckpointFile):
			return fmt.Errorf("run directory %s holds an unfinished run (its %s); continue it with darwinsim evolve --resume %s, or choose another --out", d.Dir, CheckpointFile, d.Dir)
		}
		return fmt.Errorf("run directory %s already exists and is not empty (it holds %s); choose another --out", d.Dir, listNames(names, 4))
	}
	for _, name := range left {
		if err := os.Remove(filepath.Join(d.Dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	fmt.Fprintf(d.notes, "darwinsim: %s holds only what a run that stopped before its first checkpoint left (%s): starting afresh\n", d.Dir, strings.Join(left, ", "))
	return nil
}

// listNames lists at most n names, then how many more there are.
func listNames(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// OpenRunDir prepares dir to resume its run, which inv resumes: it locks
// the directory, reads and decodes its checkpoint (DecodeCheckpoint: the
// checksum, the version and every field), or in the directory of a run of
// islands every island's (IslandDir, island after island: ResumeIslands
// continues them), and checks that each checkpoint belongs to the
// directory's run (its identity is the SHA-256 of the
// directory's config.json). Only then does it remove the temporary files a
// stopped run left and record inv in provenance.json. Until that point it
// changes nothing in the directory, whatever it refuses; a directory
// without a checkpoint is refused with how to start its run again.
func OpenRunDir(dir string, inv Invocation, notes io.Writer) (*RunDir, []*Checkpoint, error) {
	if notes == nil {
		notes = io.Discard
	}
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("no run directory to resume: %w", err)
	case !fi.IsDir():
		return nil, nil, fmt.Errorf("%s is not a run directory: it is not a directory", dir)
	}
	lock, err := lockDir(dir, notes)
	if err != nil {
		return nil, nil, err
	}
	d := &RunDir{Dir: dir, lock: lock, notes: notes}
	fail := func(err error) (*RunDir, []*Checkpoint, error) {
		d.Close()
		return nil, nil, err
	}
	cps, err := d.readCheckpoints()
	if err != nil {
		return fail(err)
	}
	dirs := []string{dir}
	if len(cps) > 1 {
		for i := range cps {
			dirs = append(dirs, IslandDir(dir, i))
		}
	}
	for _, dir := range dirs {
		if err := d.clearTempFiles(dir); err != nil {
			return fail(err)
		}
	}
	if err := d.recordResume(inv, cps[0]); err != nil {
		return fail(err)
	}
	return d, cps, nil
}

// readCheckpoints reads the directory's checkpoint, or, in the directory
// of a run of islands in one process, every island's (IslandDir), and
// checks that each belongs to the directory's run.
func (d *RunDir) readCheckpoints() ([]*Checkpoint, error) {
	conf, confErr := os.ReadFile(filepath.Join(d.Dir, ConfigFile))
	var paths []string
	path := filepath.Join(d.Dir, CheckpointFile)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) && confErr == nil {
		if cfg, err := ParseConfig(Config{}, conf); err == nil && cfg.Islands > 1 {
			for i := range cfg.Islands {
				paths = append(paths, filepath.Join(IslandDir(d.Dir, i), CheckpointFile))
			}
		}
	}
	if paths == nil {
		paths = []string{path}
	}
	var cps []*Checkpoint
	for i, path := range paths {
		buf, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			if i == 0 {
				return nil, d.noCheckpoint()
			}
			return nil, fmt.Errorf("%s is missing: island %d of the run in %s has no checkpoint, so the run cannot be continued exactly; start it again", path, i, d.Dir)
		}
		if err != nil {
			return nil, err
		}
		cp, err := DecodeCheckpoint(buf)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if errors.Is(confErr, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s has a checkpoint but no %s, which names its run: whose run the checkpoint continues cannot be checked; put the run's %s back to resume it", d.Dir, ConfigFile, ConfigFile)
		}
		if confErr != nil {
			return nil, confErr
		}
		if err := checkIdentity(filepath.Dir(path), d.Dir, conf, cp); err != nil {
			return nil, err
		}
		if len(paths) > 1 && cp.Island != i {
			return nil, fmt.Errorf("%s is the checkpoint of island %d, not of island %d: was it copied from another island's directory?", path, cp.Island, i)
		}
		cps = append(cps, cp)
	}
	return cps, nil
}

// checkIdentity checks that the checkpoint cp, in dir, belongs to the run
// whose config.json, in confDir, is conf.
func checkIdentity(dir, confDir string, conf []byte, cp *Checkpoint) error {
	got, err := IdentifyRun(cp.Config)
	if err != nil {
		return err
	}
	if want := RunID(sha256.Sum256(conf)); got != want {
		c := cp.Config
		return fmt.Errorf("%s belongs to another run: it continues run %s (seed %d, population %d, %d generations), and %s names run %s; was it copied from another run's directory? Resume it there",
			filepath.Join(dir, CheckpointFile), got, c.Seed, c.Population, c.Generations, filepath.Join(confDir, ConfigFile), want)
	}
	return nil
}

// noCheckpoint is the error for a directory without a checkpoint: how to
// start its run again, or that it is no run directory.
func (d *RunDir) noCheckpoint() error {
	conf := filepath.Join(d.Dir, ConfigFile)
	if _, err := os.Stat(conf); err != nil {
		return fmt.Errorf("%s holds no %s and no %s: it is not the directory of a run of darwinsim evolve --out", d.Dir, CheckpointFile, ConfigFile)
	}
	again := fmt.Sprintf("darwinsim evolve --config %s --out %s (with the --from of the command that started it, if it had one)", conf, d.Dir)
	var p Provenance
	if readJSON(filepath.Join(d.Dir, ProvenanceFile), &p) == nil && len(p.Args) > 0 {
		again = "the command that started it: " + commandLine(p.Args)
	}
	return fmt.Errorf("the run in %s stopped before its first checkpoint, so there is nothing to resume; start it again (its directory can be reused) with %s", d.Dir, again)
}

// commandLine writes args as a command line a shell reads back, the
// program as darwinsim.
func commandLine(args []string) string {
	words := []string{"darwinsim"}
	for _, a := range args[1:] {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`|&;<>()*?[]#~!{}") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// clearTempFiles removes the temporary files of run files that a stopped
// run left in dir (the run's directory or an island's), saying so.
func (d *RunDir) clearTempFiles(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var gone []string
	for _, e := range entries {
		if e.Type().IsRegular() && isTempFile(e.Name()) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			gone = append(gone, e.Name())
		}
	}
	if len(gone) > 0 {
		fmt.Fprintf(d.notes, "darwinsim: removed what a stopped run left in %s: %s\n", dir, strings.Join(gone, ", "))
	}
	return nil
}

// WriteCheckpoint writes cp to the directory's checkpoint file
// (WriteCheckpointFile), after the run's starting games (StartsFile) when
// cp holds them (generation 0's checkpoint of a run Run started).
func (d *RunDir) WriteCheckpoint(cp *Checkpoint) error {
	if cp.Starts != nil {
		data, err := MarshalStarts(cp.Starts)
		if err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(d.Dir, StartsFile), data); err != nil {
			return err
		}
	}
	dir := d.Dir
	if cp.Config.Islands > 1 && !d.island {
		dir = IslandDir(d.Dir, cp.Island)
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return err
		}
	}
	return WriteCheckpointFile(filepath.Join(dir, CheckpointFile), cp)
}
