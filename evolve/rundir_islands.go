package evolve

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// The directory of a run of islands run as processes of their own holds
// config.json (the run's, written by the first island to start), the
// islands' directories (IslandDir: each island's lock, config.json,
// checkpoint, provenance.json and timings.json, as a run directory of its
// own), their emigrant files (ExchangeDir), and, once MergeIslands has
// made the result, the run's files, as a run in one process writes them.
// Anything else in it (a batch system's logs) is left alone.

// OpenIsland prepares island i's directory of the run of cfg in dir, for
// inv: it makes dir and its config.json if need be (refusing a dir whose
// config.json is another run's), then locks the island's directory and
// creates it (CreateRunDir) or, when it holds a checkpoint, opens it to
// continue (OpenRunDir), and returns that checkpoint (nil for a new
// island). An island that has finished returns its last checkpoint, of
// the run's last generation.
func OpenIsland(dir string, i int, cfg Config, inv Invocation, notes io.Writer) (*RunDir, *Checkpoint, error) {
	if cfg.Islands <= 1 || i < 0 || i >= cfg.Islands {
		return nil, nil, fmt.Errorf("island %d of a run of %d islands: there is no such island (--island is 0 to --islands - 1)", i, cfg.Islands)
	}
	js, err := ConfigJSON(cfg)
	if err != nil {
		return nil, nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("run directory: %w", err)
	}
	conf := filepath.Join(dir, ConfigFile)
	old, err := os.ReadFile(conf)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Islands that start together write the same bytes.
		if err := atomicfile.Write(conf, js); err != nil {
			return nil, nil, err
		}
	case err != nil:
		return nil, nil, err
	case !bytes.Equal(old, js):
		return nil, nil, fmt.Errorf("%s is another run's configuration than this island's: give every island of a run the same flags, or another directory", conf)
	}
	idir := IslandDir(dir, i)
	path := filepath.Join(idir, CheckpointFile)
	if _, err := os.Stat(path); err == nil {
		// Whose checkpoint it is, before OpenRunDir records a resume.
		if cp, err := ReadCheckpointFile(path); err == nil && cp.Island != i {
			return nil, nil, fmt.Errorf("%s is the checkpoint of island %d, not of island %d: was it copied from another island's directory?", path, cp.Island, i)
		}
		d, cps, err := OpenRunDir(idir, inv, notes)
		if err != nil {
			return nil, nil, err
		}
		d.island = true
		return d, cps[0], nil
	}
	d, err := CreateRunDir(idir, cfg, inv, notes)
	if err != nil {
		return nil, nil, err
	}
	d.island = true
	return d, nil, nil
}

// OpenMerge prepares dir, the directory of a run of islands run as
// processes of their own, for MergeIslands, which inv runs: it reads the
// run's config.json and every island's checkpoint, each of which must be
// of the run's last generation, then locks dir, records inv in
// provenance.json, removes the emigrant files (ExchangeDir), which no
// island reads again, and copies the run's starting games from island 0's
// directory. It changes nothing when it refuses.
func OpenMerge(dir string, inv Invocation, notes io.Writer) (*RunDir, []*Checkpoint, error) {
	if notes == nil {
		notes = io.Discard
	}
	conf, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		return nil, nil, fmt.Errorf("%s is not the directory of a run of islands: %w", dir, err)
	}
	cfg, err := ParseConfig(Config{}, conf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", filepath.Join(dir, ConfigFile), err)
	}
	if cfg.Islands <= 1 {
		return nil, nil, fmt.Errorf("the run in %s is a run of one population, which has nothing to merge", dir)
	}
	var cps []*Checkpoint
	var missing, unfinished []string
	for i := range cfg.Islands {
		path := filepath.Join(IslandDir(dir, i), CheckpointFile)
		buf, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, strconv.Itoa(i))
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		cp, err := DecodeCheckpoint(buf)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if err := checkIdentity(filepath.Dir(path), dir, conf, cp); err != nil {
			return nil, nil, err
		}
		if cp.Island != i {
			return nil, nil, fmt.Errorf("%s is the checkpoint of island %d, not of island %d", path, cp.Island, i)
		}
		if cp.Gen < cfg.Generations {
			unfinished = append(unfinished, fmt.Sprintf("%d (at generation %d)", i, cp.Gen))
		}
		cps = append(cps, cp)
	}
	switch {
	case len(missing) > 0:
		return nil, nil, fmt.Errorf("island(s) %s of the run in %s have no checkpoint: they have not started; run every island (darwinsim evolve --island I --exchange %s ...) before the merge", strings.Join(missing, ", "), dir, dir)
	case len(unfinished) > 0:
		return nil, nil, fmt.Errorf("island(s) %s of the run in %s have not reached generation %d: run them again with the same command, which continues each from its checkpoint, then merge", strings.Join(unfinished, ", "), dir, cfg.Generations)
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
	if _, serr := os.Stat(filepath.Join(dir, ProvenanceFile)); errors.Is(serr, fs.ErrNotExist) {
		err = writeJSON(filepath.Join(dir, ProvenanceFile), Provenance{Invocation: inv, Config: cfg})
		d.invocations = 1
	} else {
		err = d.recordResume(inv, cps[0]) // a merge again
	}
	if err != nil {
		return fail(err)
	}
	// Every island has finished: no island reads an emigrant file again.
	if err := os.RemoveAll(filepath.Join(dir, ExchangeDir)); err != nil {
		return fail(err)
	}
	starts, err := os.ReadFile(filepath.Join(IslandDir(dir, 0), StartsFile))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(err)
	}
	if err == nil {
		if err := atomicfile.Write(filepath.Join(dir, StartsFile), starts); err != nil {
			return fail(err)
		}
	}
	return d, cps, nil
}
