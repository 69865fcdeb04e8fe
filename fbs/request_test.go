package fbs

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// everyKind holds a spec of every kind of player, a search with its own
// exploration constant among them.
var everyKind = []players.Spec{
	{Kind: players.Random},
	{Kind: players.Greedy},
	{Kind: players.ISMCTS, Iterations: 500, Exploration: players.DefaultExploration},
	{Kind: players.MCTS, Iterations: 7, Exploration: 1.5},
}

func mustSpecs(tb testing.TB, text string) []players.Spec {
	tb.Helper()
	s, err := players.ParseList(text)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// rawRequest is a batch request with any field values, written without
// WriteBatchRequest's checks, as another writer might: nil omits a vector
// (policies is version 1's field, which version 2 leaves out).
type rawRequest struct {
	version  uint16
	program  []byte
	games    uint64
	seats    byte
	policies []byte
	seed     uint64
	workers  uint32
	specs    []string
}

func (r rawRequest) build() []byte {
	b := flatbuffers.NewBuilder(0)
	var prog, pols, specs flatbuffers.UOffsetT
	if r.program != nil {
		prog = b.CreateByteVector(r.program)
	}
	if r.policies != nil {
		pols = b.CreateByteVector(r.policies)
	}
	if r.specs != nil {
		offs := make([]flatbuffers.UOffsetT, len(r.specs))
		for i, s := range r.specs {
			offs[i] = b.CreateString(s)
		}
		fb.BatchRequestStartPolicySpecsVector(b, len(offs))
		for i := len(offs) - 1; i >= 0; i-- {
			b.PrependUOffsetT(offs[i])
		}
		specs = b.EndVector(len(offs))
	}
	fb.BatchRequestStart(b)
	fb.BatchRequestAddVersion(b, r.version)
	if prog != 0 {
		fb.BatchRequestAddProgram(b, prog)
	}
	fb.BatchRequestAddGames(b, r.games)
	fb.BatchRequestAddSeats(b, r.seats)
	if pols != 0 {
		b.PrependUOffsetTSlot(rqPolicies, pols, 0) // deprecated: no generated adder
	}
	fb.BatchRequestAddSeed(b, r.seed)
	fb.BatchRequestAddWorkers(b, r.workers)
	if specs != 0 {
		fb.BatchRequestAddPolicySpecs(b, specs)
	}
	b.FinishWithFileIdentifier(fb.BatchRequestEnd(b), []byte(BatchRequestIdentifier))
	return b.FinishedBytes()
}

// problemsOf returns the problems an error joins (or the error itself).
func problemsOf(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestBatchRequestRoundTrip(t *testing.T) {
	noRecover(t)
	_, gs, codes := programs(t)
	for i, code := range codes {
		lo, hi := gs[i].Seats.Min, gs[i].Seats.Max
		reqs := []*BatchRequest{
			{Program: code, Games: 1},
			{Program: code, Games: 1000, Seats: lo, Policies: mustSpecs(t, "greedy"), Seed: 42, Workers: 3},
			{Program: code, Games: 10, Policies: mustSpecs(t, "ismcts:1000000:100")},
			{Program: code, Games: vm.MaxBatchGames, Seats: hi, Seed: math.MaxUint64, Workers: vm.MaxWorkers},
		}
		pols := make([]players.Spec, hi)
		for s := range pols {
			pols[s] = everyKind[s%len(everyKind)]
		}
		reqs = append(reqs, &BatchRequest{Program: code, Games: 7, Seats: hi, Policies: pols, Seed: 1})
		for _, r := range reqs {
			buf, err := WriteBatchRequest(r)
			if err != nil {
				t.Fatalf("%+v: %v", r, err)
			}
			if !IsBatchRequest(buf) || IsProgramFile(buf) {
				t.Fatal("identifier sniffing wrong")
			}
			got, err := ReadBatchRequest(buf)
			if err != nil {
				t.Fatalf("%+v: %v", r, err)
			}
			if !reflect.DeepEqual(got, r) {
				t.Errorf("read %+v, want %+v", got, r)
			}
			// The configuration: the requested fields, a built-in
			// policy per spec, and players exactly for searches.
			cfg := got.Config()
			search := false
			for s, spec := range r.Policies {
				search = search || spec.Search()
				if cfg.Policies[s] != spec.Policy() {
					t.Errorf("seat %d plays policy %v, want %v (%v)", s, cfg.Policies[s], spec.Policy(), spec)
				}
			}
			if cfg.Games != r.Games || cfg.Seats != r.Seats || cfg.Seed != r.Seed || cfg.Workers != r.Workers || len(cfg.Policies) != len(r.Policies) || (cfg.Players != nil) != search {
				t.Errorf("config %+v of request %+v", cfg, r)
			}
		}
		// An empty, non-nil policy list reads back as nil.
		buf, err := WriteBatchRequest(&BatchRequest{Program: code, Games: 2, Policies: []players.Spec{}})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ReadBatchRequest(buf); err != nil || got.Policies != nil {
			t.Fatalf("empty policies: %+v, %v", got, err)
		}
	}
}

func TestWriteBatchRequestRefuses(t *testing.T) {
	_, gs, codes := programs(t)
	code := codes[0]
	ismcts := func(n int, c float64) players.Spec {
		return players.Spec{Kind: players.ISMCTS, Iterations: n, Exploration: c}
	}
	for i, r := range []*BatchRequest{
		nil,
		{Program: code, Games: 0},
		{Program: code, Games: -1},
		{Program: code, Games: 1, Seats: -1},
		{Program: code, Games: 1, Seats: gs[0].Seats.Max + 1},
		{Program: code, Games: 1, Seats: 256},
		{Program: code, Games: 1, Workers: -1},
		{Program: code, Games: 1, Workers: math.MaxUint32 + 1},
		{Program: code, Games: vm.MaxBatchGames + 1},
		{Program: code, Games: 1, Workers: vm.MaxWorkers + 1},
		{Program: code, Games: 1, Policies: make([]players.Spec, vm.MaxSeats+1)},
		{Program: code, Games: 1, Seats: 4, Policies: mustSpecs(t, "greedy,ismcts:5")},
		{Program: code, Games: 1, Policies: mustSpecs(t, "greedy,greedy,greedy")}, // the default is 2 seats
		{Program: nil, Games: 1},
		{Program: code[:len(code)-1], Games: 1},
		// Specs that do not read back from their text.
		{Program: code, Games: 1, Policies: []players.Spec{{Kind: players.Kind(9)}}},
		{Program: code, Games: 1, Policies: []players.Spec{{Kind: players.Random, Iterations: 5}}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(0, 1)}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(players.MaxIterations+1, 1)}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(5, 0)}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(5, math.NaN())}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(5, math.Inf(1))}},
		{Program: code, Games: 1, Policies: []players.Spec{ismcts(5, -1)}},
	} {
		if buf, err := WriteBatchRequest(r); err == nil {
			t.Errorf("case %d: wrote %d bytes, want an error", i, len(buf))
		}
	}
	// Every problem at once, each at its field.
	_, err := WriteBatchRequest(&BatchRequest{Program: code, Games: 0, Policies: []players.Spec{ismcts(5, 0), {Kind: players.Greedy}, ismcts(0, 1)}})
	var paths []string
	for _, e := range problemsOf(err) {
		var fe *Error
		if !errors.As(e, &fe) {
			t.Fatalf("%T %v is not an *Error", e, e)
		}
		paths = append(paths, fe.Path)
	}
	if want := []string{"BatchRequest.games", "BatchRequest.policy_specs", "BatchRequest.policy_specs[0]", "BatchRequest.policy_specs[2]"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("problems at %q, want %q: %v", paths, want, err)
	}
}

// ReadBatchRequest checks the policies against the seats as vm.Batch
// would (a request with 2 policies for 4 seats used to run with two seats
// silently random), and reports every problem of the configuration, each
// at its field and byte offset, wrapping the vm's ConfigError.
func TestReadBatchRequestChecksConfig(t *testing.T) {
	noRecover(t)
	_, gs, codes := programs(t)
	if gs[0].Seats.Min != 2 || gs[0].Seats.Max < 4 || gs[0].Seats.Default != 2 {
		t.Fatalf("the first seed plays %+v seats, the test needs 2 to at least 4, default 2", gs[0].Seats)
	}
	code := codes[0]
	raw := func(games uint64, seats byte, specs []string, workers uint32) []byte {
		return rawRequest{version: BatchRequestVersion, program: code, games: games, seats: seats, specs: specs, workers: workers}.build()
	}
	type problem struct{ field, reason string }
	for _, tc := range []struct {
		name     string
		buf      []byte
		problems []problem
	}{
		{"2 policies for 4 seats", raw(10, 4, []string{"greedy", "ismcts:5"}, 0), []problem{
			{"policies", "the request does not fit the program: 2 policies for 4 seats: give one policy for every seat, or a single one for all"}}},
		{"3 policies for the default 2 seats", raw(10, 0, []string{"greedy", "random", "greedy"}, 0), []problem{
			{"policies", "the request does not fit the program: 3 policies for 2 seats: give one policy for every seat, or a single one for all"}}},
		{"too many games", raw(vm.MaxBatchGames+1, 0, nil, 0), []problem{
			{"games", "games must be at most 2147483648 per batch, got 2147483649"}}},
		{"too many workers", raw(10, 0, nil, vm.MaxWorkers+1), []problem{
			{"workers", "workers must be at most 4096, got 4097"}}},
		{"everything at once", raw(0, 3, []string{"greedy", "mcts:3"}, vm.MaxWorkers+1), []problem{
			{"games", "games must be at least 1, got 0"},
			{"policies", "the request does not fit the program: 2 policies for 3 seats: give one policy for every seat, or a single one for all"},
			{"workers", "workers must be at most 4096, got 4097"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ReadBatchRequest(tc.buf)
			if r != nil || err == nil {
				t.Fatalf("read %+v, want an error", r)
			}
			errs := problemsOf(err)
			if len(errs) != len(tc.problems) {
				t.Fatalf("%d problems, want %d: %v", len(errs), len(tc.problems), err)
			}
			c, cerr := verifyRoot(tc.buf, BatchRequestIdentifier, requestSpec)
			if cerr != nil {
				t.Fatal(cerr)
			}
			slots := map[string]int{"games": rqGames, "seats": rqSeats, "policies": rqPolicySpecs, "workers": rqWorkers}
			paths := map[string]string{"policies": "policy_specs"}
			for i, e := range errs {
				var fe *Error
				var ce vm.ConfigError
				if !errors.As(e, &fe) || !errors.As(e, &ce) {
					t.Fatalf("problem %d is %T %v, want an *Error wrapping a vm.ConfigError", i, e, e)
				}
				want := tc.problems[i]
				path := want.field
				if p, ok := paths[path]; ok {
					path = p
				}
				if fe.Path != "BatchRequest."+path || fe.Reason != want.reason || ce.Field != want.field {
					t.Errorf("problem %d: %s: %s, want BatchRequest.%s: %s", i, fe.Path, fe.Reason, path, want.reason)
				}
				if at := c.where(slots[want.field]); fe.Offset != at {
					t.Errorf("problem %d at byte %d, want %d (the %s field)", i, fe.Offset, at, want.field)
				}
			}
		})
	}
	// The same requests are fine once the counts agree.
	for _, buf := range [][]byte{
		raw(10, 4, []string{"greedy", "random", "ismcts:5", "mcts:5:2"}, 0),
		raw(10, 4, []string{"greedy"}, 0),
		raw(10, 0, []string{"ismcts:9", "greedy"}, 0),
		raw(vm.MaxBatchGames, 0, nil, vm.MaxWorkers),
	} {
		if _, err := ReadBatchRequest(buf); err != nil {
			t.Errorf("refused: %v", err)
		}
	}
}

// Every policy spec of a request is read as players.Parse reads it, and
// every bad one is reported at its index and at its string's bytes, with
// the other problems of the request.
func TestReadBatchRequestSpecs(t *testing.T) {
	noRecover(t)
	_, _, codes := programs(t)
	long := "ismcts:5:" + strings.Repeat("1", MaxPolicySpecLen)
	specs := []string{"ismcts:0", "clever", "", "random:3", "mcts:10:0", long, " greedy", "ismcts:8:NaN"}
	buf := rawRequest{version: BatchRequestVersion, program: codes[0], games: 0, seats: 0, specs: specs}.build()
	_, err := ReadBatchRequest(buf)
	if err == nil {
		t.Fatal("accepted")
	}
	c, cerr := verifyRoot(buf, BatchRequestIdentifier, requestSpec)
	if cerr != nil {
		t.Fatal(cerr)
	}
	type problem struct {
		path, reason string
		at           int
	}
	spec := func(i int, reason string) problem {
		return problem{fmt.Sprintf("BatchRequest.policy_specs[%d]", i), reason, c.strs[rqPolicySpecs][i]}
	}
	want := []problem{
		{"BatchRequest.games", "games must be at least 1, got 0", c.where(rqGames)},
		{"BatchRequest.policy_specs", "the request does not fit the program: 8 policies for 2 seats: give one policy for every seat, or a single one for all", c.where(rqPolicySpecs)},
		spec(0, `policy "ismcts:0": iterations must be a whole number from 1 to 1000000, got "0"`),
		spec(1, `unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`),
		spec(2, `unknown policy "" (want random, greedy, ismcts:N or mcts:N)`),
		spec(3, `policy "random:3": random takes no iterations`),
		spec(4, `policy "mcts:10:0": the exploration constant must be a number above 0 and at most 100, got "0"`),
		spec(5, fmt.Sprintf("a policy spec of %d bytes, at most %d", len(long), MaxPolicySpecLen)),
		spec(6, `unknown policy " greedy" (want random, greedy, ismcts:N or mcts:N)`),
		spec(7, `policy "ismcts:8:NaN": the exploration constant must be a number above 0 and at most 100, got "NaN"`),
	}
	errs := problemsOf(err)
	if len(errs) != len(want) {
		t.Fatalf("%d problems, want %d: %v", len(errs), len(want), err)
	}
	for i, e := range errs {
		fe := asError(t, e, len(buf))
		if w := want[i]; fe.Path != w.path || fe.Reason != w.reason || fe.Offset != w.at {
			t.Errorf("problem %d: byte %d %s: %s\nwant byte %d %s: %s", i, fe.Offset, fe.Path, fe.Reason, w.at, w.path, w.reason)
		}
	}
	// A spec's problem is at its own bytes: the text of spec 1 is there.
	if at := c.strs[rqPolicySpecs][1]; string(buf[at:at+len("clever")]) != "clever" {
		t.Errorf("spec 1's offset %d does not hold its text", at)
	}
	// Good specs read to what players.Parse reads, in the file's order.
	good := []string{"ismcts:300", "greedy", "mcts:1000:2.5", "random", "ismcts:20:0.7"}
	r, err := ReadBatchRequest(rawRequest{version: BatchRequestVersion, program: codes[0], games: 3, seats: 5, specs: good}.build())
	if err != nil {
		t.Fatal(err)
	}
	if want := mustSpecs(t, strings.Join(good, ",")); !reflect.DeepEqual(r.Policies, want) {
		t.Errorf("policies %+v, want %+v", r.Policies, want)
	}
}

// A request of version 1 (policies as vm.Policy numbers) is refused with
// both versions and what changed; a committed file written by version 1's
// writer stands for the requests drivers wrote then. A request of version
// 2 that still sets version 1's policies field is refused too, rather than
// played with its seats silently random.
func TestBatchRequestVersion1(t *testing.T) {
	noRecover(t)
	old, err := os.ReadFile(filepath.Join("testdata", "request-v1.dsrq"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := verifyRoot(old, BatchRequestIdentifier, requestSpec)
	if err != nil {
		t.Fatalf("version 1's file no longer verifies structurally: %v", err)
	}
	if !c.has(rqPolicies) || c.has(rqPolicySpecs) {
		t.Fatal("the version 1 file should hold policies and no policy_specs")
	}
	_, err = ReadBatchRequest(old)
	fe := asError(t, err, len(old))
	want := `batch request version 1, this build reads version 2: write the request again in version 2, which names each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500") where version 1 had numbers in policies`
	if fe.Path != "BatchRequest.version" || fe.Reason != want || fe.Offset != c.where(rqVersion) {
		t.Errorf("got byte %d %s: %s\nwant byte %d BatchRequest.version: %s", fe.Offset, fe.Path, fe.Reason, c.where(rqVersion), want)
	}
	newer := append([]byte(nil), old...)
	binary.LittleEndian.PutUint16(newer[c.at[rqVersion]:], BatchRequestVersion+1)
	_, err = ReadBatchRequest(newer)
	if fe := asError(t, err, len(newer)); fe.Reason != "batch request version 3, this build reads version 2: use a newer darwinsim" {
		t.Errorf("newer: %v", err)
	}

	_, _, codes := programs(t)
	for _, r := range []rawRequest{
		{version: BatchRequestVersion, program: codes[0], games: 10, policies: []byte{1, 0}},
		{version: BatchRequestVersion, program: codes[0], games: 10, policies: []byte{1}, specs: []string{"greedy"}},
	} {
		buf := r.build()
		c, err := verifyRoot(buf, BatchRequestIdentifier, requestSpec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ReadBatchRequest(buf)
		fe := asError(t, err, len(buf))
		want := `version 1's policy numbers, which version 2 does not read: name each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500")`
		if fe.Path != "BatchRequest.policies" || fe.Reason != want || fe.Offset != c.where(rqPolicies) {
			t.Errorf("got byte %d %s: %s", fe.Offset, fe.Path, fe.Reason)
		}
	}
}

// Damage to the strings of policy_specs is found by the verifier, at the
// element and the byte.
func TestPolicySpecsDamaged(t *testing.T) {
	noRecover(t)
	_, _, codes := programs(t)
	good := rawRequest{version: BatchRequestVersion, program: codes[0], games: 10, specs: []string{"greedy", "ismcts:50"}}.build()
	c, err := verifyRoot(good, BatchRequestIdentifier, requestSpec)
	if err != nil {
		t.Fatal(err)
	}
	elem := c.data[rqPolicySpecs] + 4 // the offset of element 1
	s1 := c.strs[rqPolicySpecs][1]    // the bytes of element 1
	put32 := func(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }
	for _, tc := range []struct {
		name string
		mod  func(b []byte)
		at   int
		want string
	}{
		{"element offset 0", func(b []byte) { put32(b, elem, 0) }, elem, "BatchRequest.policy_specs[1]: offset 0 points to itself"},
		{"element offset past the end", func(b []byte) { put32(b, elem, uint32(len(b))) }, elem, "BatchRequest.policy_specs[1]: offset"},
		{"element misaligned", func(b []byte) { put32(b, elem, binary.LittleEndian.Uint32(b[elem:])+1) }, elem, "BatchRequest.policy_specs[1]: string at byte"},
		{"string too long", func(b []byte) { put32(b, s1-4, 1<<30) }, s1 - 4, "BatchRequest.policy_specs[1]: string of 1073741824 elements"},
		{"string without NUL", func(b []byte) { b[s1+len("ismcts:50")] = '0' }, s1 + len("ismcts:50"), "BatchRequest.policy_specs[1]: string of 9 bytes"},
		{"string not UTF-8", func(b []byte) { b[s1+2] = 0xff }, s1 + 2, "BatchRequest.policy_specs[1]: string is not valid UTF-8"},
		{"vector too long", func(b []byte) { put32(b, c.data[rqPolicySpecs]-4, 1<<29) }, c.data[rqPolicySpecs] - 4, "BatchRequest.policy_specs: vector of 536870912 elements"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := append([]byte(nil), good...)
			tc.mod(b)
			_, err := ReadBatchRequest(b)
			fe := asError(t, err, len(b))
			if fe.Offset != tc.at || !strings.Contains(fe.Error(), tc.want) {
				t.Errorf("got %v (byte %d), want byte %d and %q", err, fe.Offset, tc.at, tc.want)
			}
		})
	}
	// Many elements that share one string: each is checked, the string
	// once, and the request is refused for its count, not read.
	shared := rawRequest{version: BatchRequestVersion, program: codes[0], games: 10}
	for range vm.MaxSeats + 1 {
		shared.specs = append(shared.specs, "greedy")
	}
	sb := shared.build()
	_, err = ReadBatchRequest(sb)
	if fe := asError(t, err, len(sb)); fe.Path != "BatchRequest.policy_specs" || fe.Reason != "9 policy specs for at most 8 seats" {
		t.Errorf("9 specs: %v", err)
	}
}

func TestBatchRequestContentsErrors(t *testing.T) {
	noRecover(t)
	_, gs, codes := programs(t)
	ok := rawRequest{version: BatchRequestVersion, program: codes[0], games: 10}
	if _, err := ReadBatchRequest(ok.build()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		mod  func(r *rawRequest)
		want string
	}{
		{"version", func(r *rawRequest) { r.version = 3 }, "batch request version 3"},
		{"no program", func(r *rawRequest) { r.program = nil }, "BatchRequest.program: missing"},
		{"bad program", func(r *rawRequest) { r.program = []byte("DSBC") }, "BatchRequest.program: the program does not verify"},
		{"no games", func(r *rawRequest) { r.games = 0 }, "games must be at least 1"},
		{"too many games", func(r *rawRequest) { r.games = math.MaxUint64 }, "more than this build can count"},
		{"seats", func(r *rawRequest) { r.seats = byte(gs[0].Seats.Max + 1) }, "does not fit the program"},
		{"seats 9", func(r *rawRequest) { r.seats = vm.MaxSeats + 1 }, "the game is for 2 to 5 players, not 9"},
		{"policy", func(r *rawRequest) { r.specs = []string{"random", "smart"} }, `BatchRequest.policy_specs[1]: unknown policy "smart"`},
		{"policies", func(r *rawRequest) { r.specs = make([]string, vm.MaxSeats+1) }, "9 policy specs"},
		{"version 1's policies", func(r *rawRequest) { r.policies = []byte{0} }, "BatchRequest.policies: version 1's policy numbers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			tc.mod(&r)
			b := r.build()
			_, err := ReadBatchRequest(b)
			if err == nil {
				t.Fatal("no error")
			}
			if fe := asError(t, err, len(b)); !strings.Contains(fe.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// A request's configuration plays its search players: the batch is the
// same bytes for any worker count, and not the batch its built-in
// policies alone would play.
func TestBatchRequestPlaysSpecs(t *testing.T) {
	_, _, codes := programs(t)
	p, err := vm.Load(codes[0])
	if err != nil {
		t.Fatal(err)
	}
	play := func(specs string, workers int) *vm.Stats {
		buf, err := WriteBatchRequest(&BatchRequest{Program: codes[0], Games: 24, Policies: mustSpecs(t, specs), Seed: 5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		r, err := ReadBatchRequest(buf)
		if err != nil {
			t.Fatal(err)
		}
		st, err := vm.Batch(context.Background(), p, r.Config())
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	one := play("ismcts:10,greedy", 1)
	if three := play("ismcts:10,greedy", 3); !reflect.DeepEqual(one, three) {
		t.Error("the request's batch differs between 1 and 3 workers")
	}
	if reflect.DeepEqual(one, play("random,greedy", 1)) {
		t.Error("ismcts:10 played the same 24 games as random: the spec was not played")
	}
}
