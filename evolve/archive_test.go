package evolve

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestCellOf: the grid has the families times each axis's bins, 400
// cells; a value exactly on a bin's edge goes to the upper bin; the family
// is the most significant digit of a cell; and CellName names the bins of
// the descriptors CellOf was given.
func TestCellOf(t *testing.T) {
	if want := len(Families) * 5 * 4 * 4 * 3; NumCells != want || NumCells != 1200 {
		t.Fatalf("NumCells = %d, want %d (5 families, 5 length bins, 4 skill bins, 4 interaction bins, 3 effects bins)", NumCells, want)
	}
	below := func(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }
	for _, c := range []struct {
		d    Descriptors
		cell int
		name string
	}{
		{Descriptors{"play", 0, 0, 0, 0}, (0) * 3, "play/<4/<0.05/<0.25/<0.05"},
		{Descriptors{"play", below(4), below(0.05), below(0.25), 0}, (0) * 3, "play/<4/<0.05/<0.25/<0.05"},
		// On the edges: the upper bins.
		{Descriptors{"play", 4, 0.05, 0.25, 0}, ((1*4+1)*4 + 1) * 3, "play/4-8/0.05-0.15/0.25-0.5/<0.05"},
		{Descriptors{"play", 8, 0.15, 0.5, 0}, ((2*4+2)*4 + 2) * 3, "play/8-16/0.15-0.4/0.5-0.75/<0.05"},
		{Descriptors{"play", below(8), below(0.15), below(0.5), 0}, ((1*4+1)*4 + 1) * 3, "play/4-8/0.05-0.15/0.25-0.5/<0.05"},
		{Descriptors{"play", 16, 0.4, 0.75, 0}, ((3*4+3)*4 + 3) * 3, "play/16-32/>=0.4/>=0.75/<0.05"},
		{Descriptors{"play", 32, 1, 1, 0}, ((4*4+3)*4 + 3) * 3, "play/>=32/>=0.4/>=0.75/<0.05"},
		{Descriptors{"play", 1e9, 1e9, 1e9, 0}, ((4*4+3)*4 + 3) * 3, "play/>=32/>=0.4/>=0.75/<0.05"},
		// The effects are the least significant digit.
		{Descriptors{"play", 0, 0, 0, 0.05}, 1, "play/<4/<0.05/<0.25/0.05-0.5"},
		{Descriptors{"play", 0, 0, 0, math.Nextafter(0.5, 0)}, 1, "play/<4/<0.05/<0.25/0.05-0.5"},
		{Descriptors{"play", 0, 0, 0, 0.5}, 2, "play/<4/<0.05/<0.25/>=0.5"},
		{Descriptors{"battle", 32, 0.4, 0.75, 1}, NumCells - 1, "battle/>=32/>=0.4/>=0.75/>=0.5"},
		// The family is the most significant digit, in Families order.
		{Descriptors{"trick", 13, 0.2, 0.632, 0}, (((1*5+2)*4+2)*4 + 2) * 3, "trick/8-16/0.15-0.4/0.5-0.75/<0.05"},
		{Descriptors{"ask", 55, 0.02, 0.49, 0}, (((2*5+4)*4+0)*4 + 1) * 3, "ask/>=32/<0.05/0.25-0.5/<0.05"},
		{Descriptors{"take", 3.4, 0, 0.98, 0}, (((3*5+0)*4+0)*4 + 3) * 3, "take/<4/<0.05/>=0.75/<0.05"},
		{Descriptors{"battle", 0, 0, 0, 0}, (4 * 80) * 3, "battle/<4/<0.05/<0.25/<0.05"},
		{Descriptors{"battle", 32, 0.4, 0.75, 0}, NumCells - 3, "battle/>=32/>=0.4/>=0.75/<0.05"},
	} {
		if got := CellOf(c.d); got != c.cell {
			t.Errorf("CellOf(%+v) = %d, want %d", c.d, got, c.cell)
		}
		if got := CellName(CellOf(c.d)); got != c.name {
			t.Errorf("CellName(CellOf(%+v)) = %q, want %q", c.d, got, c.name)
		}
	}
	for i, f := range Families {
		for _, d := range []Descriptors{{f, 0, 0, 0, 0}, {f, 100, 1, 1, 1}, {f, 9, 0.1, 0.6, 0.3}} {
			if c := CellOf(d); c < i*240 || c >= (i+1)*240 {
				t.Errorf("CellOf(%+v) = %d, outside family %s's cells %d..%d", d, c, f, i*240, (i+1)*240-1)
			}
		}
	}
}

// TestCellNames: every cell has its own name, and the name is exact: the
// descriptors at the lower bound of each of its bins and those just below
// each upper bound lie in that very cell, and the first value above an
// upper bound does not.
func TestCellNames(t *testing.T) {
	names := map[string]int{}
	for c := range NumCells {
		name := CellName(c)
		if prev, ok := names[name]; ok {
			t.Fatalf("cells %d and %d are both named %q", prev, c, name)
		}
		names[name] = c
		parts := strings.Split(name, "/")
		if len(parts) != 5 || slices.Index(Families, parts[0]) < 0 {
			t.Fatalf("cell %d: name %q is not family/length/skill/interaction/effects", c, name)
		}
		var lo, hi [4]float64
		for i, p := range parts[1:] {
			lo[i], hi[i] = binBounds(t, p)
		}
		at := func(v [4]float64) Descriptors { return Descriptors{parts[0], v[0], v[1], v[2], v[3]} }
		if got := CellOf(at(lo)); got != c {
			t.Errorf("cell %d (%s): its lower bounds %v lie in cell %d (%s)", c, name, lo, got, CellName(got))
		}
		var top [4]float64
		for i := range top {
			top[i] = math.Nextafter(hi[i], math.Inf(-1))
		}
		if got := CellOf(at(top)); got != c {
			t.Errorf("cell %d (%s): just below its upper bounds, %v lie in cell %d (%s)", c, name, top, got, CellName(got))
		}
		for i := range hi {
			if math.IsInf(hi[i], 1) {
				continue
			}
			v := lo
			v[i] = hi[i]
			if got := CellOf(at(v)); got == c {
				t.Errorf("cell %d (%s): the upper bound %v of axis %d lies in the cell", c, name, hi[i], i)
			}
		}
	}
}

// binBounds reads a bin's name ("<4", "4-8", ">=32") as its bounds
// [lo, hi).
func binBounds(t *testing.T, s string) (lo, hi float64) {
	t.Helper()
	num := func(x string) float64 {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil {
			t.Fatalf("bin %q: %v", s, err)
		}
		return v
	}
	switch {
	case strings.HasPrefix(s, "<"):
		return 0, num(s[1:])
	case strings.HasPrefix(s, ">="):
		return num(s[2:]), math.Inf(1)
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		t.Fatalf("bin %q is not <x, x-y or >=x", s)
	}
	return num(a), num(b)
}

// TestFamily: every seed game is in the family of its turn's first phase
// (the shedding games play, the trick-taking games trick, Go Fish asks,
// Old Maid takes, War battles, President's climb is a way of shedding
// cards and plays, as does Cheat's claim, and Beggar-my-neighbour's turn_up phase is
// of the battle family, the games of pile hands); a draw phase at the
// start of a turn is skipped for the phase that follows it, and a turn of
// draws only is a play.
func TestFamily(t *testing.T) {
	want := map[string]string{
		"crazy-eights": "play", "crazy-eights-openspiel": "play", "crazy-eights-openspiel-special": "play",
		"uno-style": "play", "uno-stacking": "play",
		"hearts": "trick", "whist": "trick", "spades": "trick", "go-fish": "ask", "old-maid": "take", "war": "battle",
		"sevens":              "play",
		"fan-tan":             "play",
		"president":           "play",
		"beggar-my-neighbour": "battle",
		"crazy-eights-match":  "play", "hearts-match": "trick",
		"scopa": "trick",
		"cheat": "play", "gin-rummy": "play", "rummy": "play",
		"draw-poker": "play", "blackjack": "play", // (no phases: betting and a showdown, or hits against a dealer)
	}
	for _, g := range genome.Seeds() {
		w, ok := want[g.Name]
		if !ok {
			t.Errorf("seed %s: no expected family (a new seed game? add it here)", g.Name)
			continue
		}
		if got := Family(g); got != w {
			t.Errorf("Family(%s) = %q, want %q", g.Name, got, w)
		}
		if got := Family(g.Canonical()); got != w {
			t.Errorf("Family(canonical %s) = %q, want %q", g.Name, got, w)
		}
	}
	draw := genome.Phase{Kind: cardrules.PhaseDraw}
	whist := testkit.SeedGenome(t, "whist")
	goFish := testkit.SeedGenome(t, "go-fish")
	for _, c := range []struct {
		name string
		g    *genome.Genome
		turn []genome.Phase
		want string
	}{
		{"draw, trick", whist, []genome.Phase{draw, whist.Turn[0]}, "trick"},
		{"draw, draw, ask", goFish, []genome.Phase{draw, draw, goFish.Turn[0]}, "ask"},
		{"ask, draw", goFish, []genome.Phase{goFish.Turn[0], draw}, "ask"},
		{"draw only", goFish, []genome.Phase{draw}, "play"},
		{"no phase", goFish, nil, "play"},
	} {
		g := c.g.Clone()
		g.Turn = c.turn
		if got := Family(g); got != c.want {
			t.Errorf("%s: Family = %q, want %q", c.name, got, c.want)
		}
	}
}

// qdInd is an individual for the archive tests: a real genome (for its
// family) under a made-up hash, n, so that one genome can stand for many
// distinct ones.
func qdInd(g *genome.Genome, n int, fitness, perSeat, skill, interaction float64) *Individual {
	var h genome.Hash
	binary.BigEndian.PutUint64(h[:], uint64(n)+1)
	ind := &Individual{Genome: g, Hash: h, Origin: g.Name}
	ind.Score.Fitness = fitness
	ind.Score.PerSeat = perSeat
	ind.Score.Metrics.Skill = skill
	ind.Score.Metrics.Interaction = interaction
	return ind
}

// drawDescriptor draws a descriptor value: often one of the bins' edges
// (or just below one), else anything in [0, max).
func drawDescriptor(t *rapid.T, name string, edges []float64, max float64) float64 {
	var special []float64
	for _, e := range edges {
		special = append(special, e, math.Nextafter(e, 0))
	}
	special = append(special, 0)
	return rapid.OneOf(rapid.SampledFrom(special), rapid.Float64Range(0, max)).Draw(t, name)
}

// drawQDInd draws an individual of genome g with made-up hash n and a
// score whose fitness often ties with others'.
func drawQDInd(t *rapid.T, g *genome.Genome, n int) *Individual {
	fit := rapid.OneOf(rapid.SampledFrom([]float64{0, 0.5, 0.7}), rapid.Float64Range(0, 1)).Draw(t, "fitness")
	ind := qdInd(g, n, fit,
		drawDescriptor(t, "per_seat", []float64{4, 8, 16, 32}, 60),
		drawDescriptor(t, "skill", []float64{0.05, 0.15, 0.4}, 1),
		drawDescriptor(t, "interaction", []float64{0.25, 0.5, 0.75}, 1))
	ind.Score.Metrics.Effects = drawDescriptor(t, "effects", []float64{0.05, 0.5}, 1)
	return ind
}

// checkArchiveState checks what holds of any archive: Check passes, the
// cells are in increasing order and each elite lies in its own, no genome
// twice, Len and Elites agree, and QDScore is the sum of the elites'
// fitness.
func checkArchiveState(t interface {
	Helper()
	Fatalf(string, ...any)
}, a *Archive) {
	t.Helper()
	if err := a.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	cells, elites := a.Cells(), a.Elites()
	if a.Len() != len(elites) || len(cells) != len(elites) {
		t.Fatalf("Len %d, %d cells, %d elites", a.Len(), len(cells), len(elites))
	}
	if !slices.IsSorted(cells) {
		t.Fatalf("cells %v not in increasing order", cells)
	}
	seen := map[genome.Hash]bool{}
	sum := 0.0
	for i, e := range elites {
		if c := CellOf(Describe(e)); c != cells[i] || a.Elite(c) != e {
			t.Fatalf("elite %d lies in cell %d, listed in cell %d", i, c, cells[i])
		}
		if i > 0 && cells[i] == cells[i-1] {
			t.Fatalf("cell %d listed twice", cells[i])
		}
		if seen[e.Hash] {
			t.Fatalf("genome %x is an elite twice", e.Hash[:8])
		}
		seen[e.Hash] = true
		sum += e.Score.Fitness
	}
	if q := a.QDScore(); q != sum {
		t.Fatalf("QDScore %v, the elites' fitness sums to %v", q, sum)
	}
}

// TestArchiveInvariant: whatever distinct genomes are offered, in whatever
// order, the archive keeps its invariants and holds in each cell the
// fittest genome offered to it (of equals, the first offered: an equal
// one keeps its place); Offer reports whether the genome became the elite
// of its cell; every cell offered to is filled.
func TestArchiveInvariant(t *testing.T) {
	seeds := genome.Seeds()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(t, "n")
		inds := make([]*Individual, n)
		for i := range inds {
			inds[i] = drawQDInd(t, rapid.SampledFrom(seeds).Draw(t, "genome"), i)
		}
		order := rapid.Permutation(inds).Draw(t, "order")
		a := NewArchive()
		best := map[int]*Individual{} // the model: the first of the fittest offered, per cell
		for _, x := range order {
			c := CellOf(Describe(x))
			got := a.Offer(x)
			if b := best[c]; b == nil || x.Score.Fitness > b.Score.Fitness {
				best[c] = x
			}
			if got != (best[c] == x) || (a.Elite(c) == x) != got {
				t.Fatalf("Offer(%x, fitness %v) = %v; the cell's elite is %x", x.Hash[:8], x.Score.Fitness, got, a.Elite(c).Hash[:8])
			}
		}
		checkArchiveState(t, a)
		if a.Len() != len(best) {
			t.Fatalf("%d cells filled, %d offered to", a.Len(), len(best))
		}
		for c, b := range best {
			if a.Elite(c) != b {
				t.Fatalf("cell %s: elite %x, want %x (the first of the fittest offered)", CellName(c), a.Elite(c).Hash[:8], b.Hash[:8])
			}
		}
		for _, x := range inds {
			if e := a.Elite(CellOf(Describe(x))); e == nil || e.Score.Fitness < x.Score.Fitness {
				t.Fatalf("genome %x (fitness %v) was offered and its cell holds a less fit elite", x.Hash[:8], x.Score.Fitness)
			}
		}
	})
}

// TestArchiveReoffer: when genomes come back with new scores (a
// re-evaluation), every Offer changes the archive exactly as documented:
// a genome already elite leaves its cell and is offered again with its
// new score, keeping its own Individual (origin and birth); a new genome
// takes its cell when the cell is empty or its elite is less fit, and
// then displaces that elite; no other elite moves. The invariants hold
// throughout.
func TestArchiveReoffer(t *testing.T) {
	seeds := genome.Seeds()
	rapid.Check(t, func(t *rapid.T) {
		pool := rapid.IntRange(1, 12).Draw(t, "pool")
		steps := rapid.IntRange(1, 80).Draw(t, "steps")
		a := NewArchive()
		for step := range steps {
			// Genome i of the pool is a seed game, so that its family
			// is the same whenever it comes back.
			i := rapid.IntRange(0, pool-1).Draw(t, "which")
			x := drawQDInd(t, seeds[i%len(seeds)], i)
			x.Born = step // tells this Individual apart from earlier ones of the genome
			before := map[genome.Hash]*Individual{}
			cellBefore := map[genome.Hash]int{}
			for _, c := range a.Cells() {
				before[a.Elite(c).Hash] = a.Elite(c)
				cellBefore[a.Elite(c).Hash] = c
			}
			c := CellOf(Describe(x))
			inc := a.Elite(c)
			old := before[x.Hash]
			got := a.Offer(x)
			checkArchiveState(t, a)
			// The incumbent of x's cell as Offer sees it: none if it was x's
			// own genome, which left the cell first.
			if inc != nil && inc.Hash == x.Hash {
				inc = nil
			}
			want := inc == nil || inc.Score.Fitness < x.Score.Fitness
			if got != want {
				t.Fatalf("step %d: Offer = %v, want %v", step, got, want)
			}
			e := a.Elite(c)
			switch {
			case got && old != nil && (e != old || e.Score != x.Score):
				t.Fatalf("step %d: the re-offered elite did not keep its Individual (born %d) with the new score", step, old.Born)
			case got && old == nil && e != x:
				t.Fatalf("step %d: a new genome that won its cell is not its elite", step)
			case !got && e != inc:
				t.Fatalf("step %d: a refused genome changed its cell's elite", step)
			}
			for h, ind := range before {
				if h == x.Hash || (got && inc != nil && h == inc.Hash) {
					continue
				}
				if a.Elite(cellBefore[h]) != ind {
					t.Fatalf("step %d: the elite of cell %d changed, though neither x nor the incumbent of x's cell", step, cellBefore[h])
				}
			}
			if !got && slices.ContainsFunc(a.Elites(), func(e *Individual) bool { return e.Hash == x.Hash }) {
				t.Fatalf("step %d: a genome refused by its new cell is still an elite", step)
			}
		}
	})
}

// TestArchiveMovesElite: re-offering an elite with a new score moves it to
// the cell of its new descriptors (leaving the old one empty), with its own
// Individual, origin and birth, and the new score; re-offered with a
// lower fitness in the same cell, it stays (it competes with no one); and
// re-offered into a cell whose elite is fitter, it leaves the archive.
func TestArchiveMovesElite(t *testing.T) {
	whist := testkit.SeedGenome(t, "whist").Canonical()
	a := NewArchive()
	e := qdInd(whist, 1, 0.6, 13, 0.1, 0.6)
	e.Born, e.Origin = 2, "whist"
	if !a.Offer(e) {
		t.Fatal("an empty cell refused a genome")
	}
	from := CellOf(Describe(e))

	moved := qdInd(whist, 1, 0.5, 13, 0.3, 0.6) // the same genome (hash), another skill bin
	moved.Born, moved.Origin = 7, "elsewhere"
	to := CellOf(Describe(moved))
	if to == from {
		t.Fatal("test setup: the new score is in the same cell")
	}
	if !a.Offer(moved) {
		t.Fatal("the moved elite was refused by an empty cell")
	}
	switch el := a.Elite(to); {
	case a.Elite(from) != nil:
		t.Errorf("the old cell %s still holds %x", CellName(from), a.Elite(from).Hash[:8])
	case el != e:
		t.Errorf("cell %s holds another Individual than the elite's own", CellName(to))
	case el.Born != 2 || el.Origin != "whist":
		t.Errorf("the moved elite has born %d, origin %q; want 2, whist", el.Born, el.Origin)
	case el.Score != moved.Score:
		t.Errorf("the moved elite has score %+v, want the new one %+v", el.Score, moved.Score)
	case a.Len() != 1:
		t.Errorf("%d cells filled, want 1", a.Len())
	}

	lower := qdInd(whist, 1, 0.1, 13, 0.3, 0.6)
	if !a.Offer(lower) || a.Elite(to) != e || e.Score.Fitness != 0.1 {
		t.Errorf("re-offered with a lower fitness in its own cell, the elite did not stay with it")
	}

	rival := qdInd(whist, 2, 0.9, 13, 0.1, 0.6) // another genome, fitter, in the old cell
	if !a.Offer(rival) || a.Elite(from) != rival {
		t.Fatal("a fitter genome did not take an empty cell")
	}
	back := qdInd(whist, 1, 0.8, 13, 0.1, 0.6) // the elite, re-scored into the rival's cell
	if a.Offer(back) {
		t.Error("the elite took a cell whose elite is fitter")
	}
	if a.Elite(to) != nil || a.Elite(from) != rival || a.Len() != 1 {
		t.Errorf("after losing its new cell, the elite is still in the archive (cells %v)", a.Cells())
	}
	checkArchiveState(t, a)
}

// TestArchiveEmpty: an empty archive has no cells, no elites and a QD
// score of 0.
func TestArchiveEmpty(t *testing.T) {
	a := NewArchive()
	if a.Len() != 0 || len(a.Elites()) != 0 || len(a.Cells()) != 0 || a.QDScore() != 0 || a.Elite(0) != nil || a.Check() != nil {
		t.Errorf("empty archive: len %d, elites %d, cells %v, QD score %v, check %v", a.Len(), len(a.Elites()), a.Cells(), a.QDScore(), a.Check())
	}
}

// TestDescriptorsOfSeeds: the descriptors order the seed games as their
// rules say, with a wide margin: War and Beggar-my-neighbour have no
// decisions at all (so no informed ones: degenerate, and the shortest of
// all), Old Maid no informed
// ones either; Go Fish runs to several times the decisions per seat of
// Crazy Eights; a trick game's players act on each other (hearts, whist),
// Crazy Eights' never do; and the skill metric finds skill in Crazy Eights
// (OpenSpiel rules), far more than in War, whose greedy player plays as a
// random one.
func TestDescriptorsOfSeeds(t *testing.T) {
	cfg, _ := Preset("quick")
	cfg.Games, cfg.SkillGames = 200, 200
	d := map[string]Descriptors{}
	sc := map[string]Score{}
	for _, g := range runSeeds() {
		s, _, err := Evaluate(context.Background(), g.Canonical(), &cfg, 17)
		if err != nil {
			t.Fatal(err)
		}
		sc[g.Name] = s
		d[g.Name] = Describe(&Individual{Genome: g, Score: s})
		t.Logf("%-24s %-6s decisions/seat %7.3f  skill %.3f  interaction %.3f  %s", g.Name, d[g.Name].Family, d[g.Name].Length,
			d[g.Name].Skill, d[g.Name].Interaction, s.Degenerate)
	}
	for _, name := range []string{"war", "old-maid", "beggar-my-neighbour"} {
		if !strings.Contains(sc[name].Degenerate, "informed") {
			t.Errorf("%s: degenerate %q, want no informed choice", name, sc[name].Degenerate)
		}
	}
	for _, name := range []string{"war", "beggar-my-neighbour"} {
		if d[name].Length != 0 {
			t.Errorf("%s: %v decisions per seat, want 0", name, d[name].Length)
		}
	}
	for name, x := range d {
		if name != "war" && name != "beggar-my-neighbour" && x.Length <= 1 {
			t.Errorf("%s: %v decisions per seat, want well above War's 0", name, x.Length)
		}
	}
	if gf, c8 := d["go-fish"].Length, d["crazy-eights"].Length; gf < 3*c8 {
		t.Errorf("go-fish: %v decisions per seat, want over three times crazy-eights' %v", gf, c8)
	}
	for _, name := range []string{"hearts", "whist"} {
		if x, c8 := d[name].Interaction, d["crazy-eights"].Interaction; x < c8+0.3 {
			t.Errorf("%s: interaction %v, want well above crazy-eights' %v", name, x, c8)
		}
	}
	// War's skill is noise around 0 (clamped at 0): from one seed to
	// another, it reaches 0.2; Crazy Eights' stays near 0.7.
	if w, c8 := d["war"].Skill, d["crazy-eights-openspiel"].Skill; c8 < w+0.3 {
		t.Errorf("skill: war %v, crazy-eights-openspiel %v; want crazy-eights-openspiel's well above", w, c8)
	}
}
