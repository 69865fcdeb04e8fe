// Package fbs is darwinsim's binary interchange: FlatBuffers files for
// compiled programs, batch requests and batch results, and the Go that
// writes and reads them.
//
// # Files
//
// The schemas are fbs/*.fbs, all in namespace darwinsim.fb; flatc 2.0.8
// (Debian's flatbuffers-compiler, run by `make fbs`) generates the Go
// package fbs/darwinsim/fb from them, which is committed and checked by
// `make fbs-check`. The Go runtime, github.com/google/flatbuffers, is pinned
// to v2.0.8+incompatible to match. A FlatBuffers file has one root table,
// so each kind of file has its own schema and its own file identifier,
// bytes 4..8 of the file:
//
//	program.fbs        ProgramFile   "DSPF"  WriteProgram, ReadProgram, IsProgramFile
//	batch_request.fbs  BatchRequest  "DSRQ"  WriteBatchRequest, ReadBatchRequest
//	batch_result.fbs   BatchResult   "DSRS"  WriteBatchResult, ReadBatchResult
//	stats.fbs          Stats, Dist   (included by batch_result.fbs; no root)
//	checkpoint.fbs     Checkpoint    "DSCK"  VerifyCheckpoint (evolve maps it to its types)
//
// A checkpoint holds an evolution run between generations: its
// configuration, generation, scored population, history, hall of fame,
// operator counts and score cache, everything a resumed run needs to end
// exactly as the uninterrupted one. Package evolve encodes and decodes it
// (evolve.EncodeCheckpoint, DecodeCheckpoint); this package verifies it.
// Since CheckpointVersion 3 a checkpoint carries its run's identity and a
// checksum, the SHA-256 of the whole file with the checksum's own bytes
// taken as zeros (CheckpointChecksum, SealCheckpoint), which
// VerifyCheckpoint checks after the structure and the version: a file
// changed after it was written is refused.
//
// A program file holds the bytecode, the genome it compiles from as JSON
// (genome.Genome.Encode, metadata included), the genome's hash, and a name
// and summary. A batch request holds a program and the fields of a
// vm.BatchConfig, each seat's policy named by its policy spec ("random",
// "greedy", "ismcts:500", as package players reads them), and
// BatchRequest.Config turns it into a configuration whose search players
// each worker owns. A batch result holds every field of vm.Stats (the Stats
// table mirrors it field by field; fixed arrays become vectors of at most
// the array's length, histograms stop at their last non-zero bucket) and
// echoes the request's seed and game count.
//
// # Versioning
//
// Every root table starts with a version field (ProgramFileVersion,
// BatchRequestVersion, BatchResultVersion) and a reader accepts only its
// own. A program file also stores the bytecode's format and semantics
// versions (bytecode.FormatVersion, bytecode.SemanticsVersion), checked
// before the bytecode itself. Fields are only ever added at the end of a
// table; a change an old reader could not safely ignore bumps the version.
// Batch request version 2 replaced version 1's policy numbers (the
// deprecated policies field) by policy specs (policy_specs): a version 1
// request is refused, naming both versions and what changed, and so is a
// version 2 request that still sets policies, which would otherwise play
// its seats at random without a word.
//
// # Reading is total
//
// The FlatBuffers Go runtime follows offsets without checking them, so
// every Read function first verifies the whole buffer against a
// description of the schema: its size and file identifier, the root
// offset, every table's vtable offset and size, every field's offset
// within its table and its alignment, every string's and vector's offset
// and length within the buffer (strings NUL-terminated and UTF-8), the
// strings of vectors of strings, and nested tables likewise. Only then does it read the fields, check the
// versions and the contents (bytecode.Verify or vm.Load, genome.Parse, the
// genome's hash, compile.Compile giving the stored bytes, ranges of
// counts, each policy spec as players.Parse reads it). Every problem is an *Error with the byte offset, the field
// ("BatchResult.stats.turns.hist") and the reason. A recover around each
// read is a last net that turns a panic into an error; the tests fail if it
// ever catches one.
//
// Writers refuse what their reader would refuse, so a file this package
// writes always reads back to the same values.
package fbs
