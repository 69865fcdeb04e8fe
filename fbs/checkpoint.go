package fbs

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
)

// CheckpointVersion is the version of the Checkpoint table's layout and
// meaning (checkpoint.fbs), stored in its version field. Version 2 added
// Config.hall_spacing, which a reader of version 1 would ignore and so
// continue a run differently, and GenStats.filled; its runs also measure
// genome distances otherwise (every field counts), score by fitness 2
// (evolve.FitnessVersion) and read Config.target_length in decisions per
// seat, so a version 1 checkpoint could not be continued as its run would
// have gone. Version 3 added the run's identity (run) and the file's
// checksum (checksum), which a reader requires. Version 4 added a score's
// length (Score.decisions_per_seat), which a reader of version 3 would
// drop, so that a resumed run's files would differ from the run's, and a
// MAP-Elites run's search, archive, coverage and QD-score. Version 5
// added the island model's configuration (Config.islands, migrate_every,
// migrants, topology), which a reader of version 4 would drop and so read
// another run's identity, and an island's index and fitnesses (island,
// fits).
//
// Checkpoints are never migrated: a reader refuses every other version,
// and a run is finished by the darwinsim build that wrote its checkpoint.
const CheckpointVersion = 5

// ChecksumSize is the size of a checkpoint's checksum and of its run
// identity, both SHA-256 hashes.
const ChecksumSize = sha256.Size

// VerifyCheckpoint checks an evolution checkpoint file, the structure of
// the whole buffer (every offset, length, alignment and table, as for the
// other files, the tables of every vector of tables included), its file
// identifier "DSCK", its version and its checksum (CheckpointChecksum),
// and only then returns the generated accessor for its root table. Every
// accessor of the tree under it reads within buf; which fields are
// present, and what they mean, is for the caller (evolve.DecodeCheckpoint)
// to check. The accessor reads buf, which must not change while it is in
// use. Problems are *Error values.
func VerifyCheckpoint(buf []byte) (t *fb.Checkpoint, err error) {
	defer guard("Checkpoint", &err)
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		return nil, err
	}
	t = fb.GetRootAsCheckpoint(buf, 0)
	if v := t.Version(); v != CheckpointVersion {
		return nil, errorf(c.where(ckVersion), "Checkpoint.version", "%s", checkpointVersionAdvice(v))
	}
	at, err := checksumAt(c)
	if err != nil {
		return nil, err
	}
	if sum := CheckpointChecksum(buf, at); !bytes.Equal(sum[:], buf[at:at+ChecksumSize]) {
		return nil, errorf(at, "Checkpoint.checksum", "the file's SHA-256 is %x, its checksum says %x: the file was damaged after it was written, and a run continued from it would not be the run that wrote it", sum[:], buf[at:at+ChecksumSize])
	}
	return t, nil
}

// checkpointVersionAdvice says why a checkpoint of version v is refused
// and what to do with it.
func checkpointVersionAdvice(v uint16) string {
	switch {
	case v == 0:
		return fmt.Sprintf("checkpoint version 0, this build reads version %d: the file names no version (darwinsim evolve did not write it)", CheckpointVersion)
	case v < CheckpointVersion:
		return fmt.Sprintf("checkpoint version %d, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it (checkpoints are not migrated)", v, CheckpointVersion)
	default:
		return fmt.Sprintf("checkpoint version %d, this build reads version %d: the run was checkpointed by a newer darwinsim; continue it with the darwinsim build that wrote it", v, CheckpointVersion)
	}
}

// checksumAt returns where the checksum of a structurally verified
// checkpoint is: its 32 bytes start there.
func checksumAt(c *checked) (int, error) {
	switch {
	case !c.has(ckChecksum):
		return 0, errorf(c.where(ckChecksum), "Checkpoint.checksum", "missing")
	case c.n[ckChecksum] != ChecksumSize:
		return 0, errorf(c.where(ckChecksum), "Checkpoint.checksum", "%d bytes, want %d (SHA-256)", c.n[ckChecksum], ChecksumSize)
	}
	return c.data[ckChecksum], nil
}

// CheckpointChecksum returns the checksum of a checkpoint file whose
// checksum field's 32 bytes start at byte at: the SHA-256 of the whole of
// buf with those bytes taken as zeros.
func CheckpointChecksum(buf []byte, at int) [ChecksumSize]byte {
	var zeros [ChecksumSize]byte
	h := sha256.New()
	h.Write(buf[:at])
	h.Write(zeros[:])
	h.Write(buf[at+ChecksumSize:])
	var sum [ChecksumSize]byte
	h.Sum(sum[:0])
	return sum
}

// SealCheckpoint writes the checksum of the checkpoint file buf
// (CheckpointChecksum) into its checksum field. buf must have the
// structure of a checkpoint, whatever its version, with a 32-byte
// checksum field; the writer builds it with zeros there. It is how
// evolve.EncodeCheckpoint finishes a file, and how tests and fuzzing make
// a changed file pass the checksum so that what lies behind it is read.
func SealCheckpoint(buf []byte) (err error) {
	defer guard("Checkpoint", &err)
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		return err
	}
	at, err := checksumAt(c)
	if err != nil {
		return err
	}
	sum := CheckpointChecksum(buf, at)
	copy(buf[at:], sum[:])
	return nil
}

// The Checkpoint table's fields, in schema order.
const (
	// Checkpoint
	ckVersion = iota
	ckGeneration
	ckGames
	ckConfig
	ckPopulation
	ckHistory
	ckHall
	ckOps
	ckCache
	ckLineage
	ckRun
	ckChecksum
	ckArchive
	ckIsland
	ckFits
)

var checkpointSpec = &tableSpec{name: "Checkpoint", fields: []field{
	ckVersion:    scalar("version", "ushort", 2),
	ckGeneration: scalar("generation", "uint", 4),
	ckGames:      scalar("games", "ulong", 8),
	ckConfig:     table("config", configSpec),
	ckPopulation: tables("population", individualSpec),
	ckHistory:    tables("history", genStatsSpec),
	ckHall:       tables("hall", individualSpec),
	ckOps:        tables("ops", opStatsSpec),
	ckCache:      tables("cache", cacheEntrySpec),
	ckLineage:    tables("lineage", lineageSpec),
	ckRun:        vector("run", "ubyte", 1),
	ckChecksum:   vector("checksum", "ubyte", 1),
	ckArchive:    tables("archive", individualSpec),
	ckIsland:     scalar("island", "uint", 4),
	ckFits:       vector("fits", "double", 8),
}}
