package fbs

import (
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
)

// CheckpointVersion is the version of the Checkpoint table's layout and
// meaning (checkpoint.fbs), stored in its version field. Version 2 added
// Config.hall_spacing, which a reader of version 1 would ignore and so
// continue a run differently, and GenStats.filled; its runs also measure
// genome distances otherwise (every field counts), score by fitness 2
// (evolve.FitnessVersion) and read Config.target_length in decisions per
// seat, so a version 1 checkpoint could not be continued as its run would
// have gone.
const CheckpointVersion = 2

// VerifyCheckpoint checks an evolution checkpoint file, the structure of
// the whole buffer (every offset, length, alignment and table, as for the
// other files, the tables of every vector of tables included), its file
// identifier "DSCK" and its version, and only then returns the generated
// accessor for its root table. Every accessor of the tree under it reads
// within buf; which fields are present, and what they mean, is for the
// caller (evolve.DecodeCheckpoint) to check. The accessor reads buf, which
// must not change while it is in use. Problems are *Error values.
func VerifyCheckpoint(buf []byte) (t *fb.Checkpoint, err error) {
	defer guard("Checkpoint", &err)
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		return nil, err
	}
	t = fb.GetRootAsCheckpoint(buf, 0)
	if v := t.Version(); v != CheckpointVersion {
		return nil, errorf(c.where(ckVersion), "Checkpoint.version", "checkpoint version %d, this build reads version %d", v, CheckpointVersion)
	}
	return t, nil
}
