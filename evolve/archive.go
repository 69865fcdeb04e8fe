package evolve

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Families are the turn structures MAP-Elites tells apart, in the order of
// the family descriptor's bins: the kind of a turn's first phase that is
// not a draw (a draw phase only fills a hand for the phase that follows).
// New kinds join a family rather than change the archive's grid: a
// tableau, a climb, a claim (Cheat's cards put face down) and a meld
// (rummy's sets and runs) are ways of shedding cards, and count as play;
// a turn_up phase, like a battle, turns up the top cards of pile hands; a
// capture phase, like a trick, wins cards that score, and counts as
// trick.
var Families = []string{"play", "trick", "ask", "take", "battle"}

// familyOf maps a phase kind to its index in Families.
var familyOf = map[cardrules.PhaseKind]int{
	cardrules.PhasePlay: 0, cardrules.PhaseTrick: 1, cardrules.PhaseAsk: 2, cardrules.PhaseTake: 3, cardrules.PhaseBattle: 4,
	cardrules.PhaseTableau: 0, cardrules.PhaseTurnUp: 4, cardrules.PhaseClimb: 0, cardrules.PhaseCapture: 1,
	cardrules.PhaseClaim: 0, cardrules.PhaseMeld: 0,
}

// Family returns g's turn-structure family (one of Families): the kind of
// its turn's first phase that is not a draw phase, or "play" for a turn of
// draws only or of no phases (a game of betting and a showdown, or of
// hits against a dealer).
func Family(g *genome.Genome) string { return Families[family(g)] }

func family(g *genome.Genome) int {
	for _, p := range g.Turn {
		if i, ok := familyOf[p.Kind]; ok {
			return i
		}
	}
	return 0
}

// Descriptors are a game's behaviour descriptors: where it lies on the map
// MAP-Elites fills. All but the family come from the game's score (a
// running mean, like its fitness), at the seat count the score is that of.
type Descriptors struct {
	Family      string  `json:"family"`             // the turn structure (Families)
	Length      float64 `json:"decisions_per_seat"` // decisions per seat and game, random play
	Skill       float64 `json:"skill"`              // the skill metric
	Interaction float64 `json:"interaction"`        // the interaction metric
	Effects     float64 `json:"effects"`            // the effects metric (their measured impact)
}

// Describe returns ind's descriptors.
func Describe(ind *Individual) Descriptors {
	m := &ind.Score.Metrics
	return Descriptors{Family: Family(ind.Genome), Length: ind.Score.PerSeat, Skill: m.Skill, Interaction: m.Interaction, Effects: m.Effects}
}

// axis is one continuous descriptor's bins: value v is in bin i when
// edges[i-1] <= v < edges[i] (bin 0 below the first edge, the last bin at
// or above the last).
type axis struct {
	name  string
	edges []float64
	value func(d Descriptors) float64
}

// axes are the grid's continuous descriptors, after the family; the
// package doc says why these and these bins.
var axes = []axis{
	{"decisions_per_seat", []float64{4, 8, 16, 32}, func(d Descriptors) float64 { return d.Length }},
	{"skill", []float64{0.05, 0.15, 0.4}, func(d Descriptors) float64 { return d.Skill }},
	{"interaction", []float64{0.25, 0.5, 0.75}, func(d Descriptors) float64 { return d.Interaction }},
	{"effects", []float64{0.05, 0.5}, func(d Descriptors) float64 { return d.Effects }},
}

// NumCells is the number of cells of the MAP-Elites grid: the families
// times each axis's bins.
var NumCells = func() int {
	n := len(Families)
	for _, a := range axes {
		n *= len(a.edges) + 1
	}
	return n
}()

func (a *axis) bin(v float64) int {
	i := 0
	for i < len(a.edges) && v >= a.edges[i] {
		i++
	}
	return i
}

// binName names bin i of the axis by its bounds: "<4", "4-8", ">=32".
func (a *axis) binName(i int) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	switch {
	case i == 0:
		return "<" + f(a.edges[0])
	case i == len(a.edges):
		return ">=" + f(a.edges[i-1])
	}
	return f(a.edges[i-1]) + "-" + f(a.edges[i])
}

// CellOf returns the cell of the grid that descriptors d lie in: the
// family's index, then each axis's bin, as the digits of a mixed-radix
// number (family most significant).
func CellOf(d Descriptors) int {
	c := slices.Index(Families, d.Family)
	if c < 0 {
		c = 0
	}
	for _, a := range axes {
		c = c*(len(a.edges)+1) + a.bin(a.value(d))
	}
	return c
}

// CellName names a cell by its family and bins, "play/8-16/<0.05/0.5-0.75/>=0.5",
// in the order of CellOf's digits.
func CellName(cell int) string {
	parts := make([]string, len(axes))
	for i := len(axes) - 1; i >= 0; i-- {
		n := len(axes[i].edges) + 1
		parts[i] = axes[i].binName(cell % n)
		cell /= n
	}
	name := Families[cell]
	for _, p := range parts {
		name += "/" + p
	}
	return name
}

// DescriptorAxes names the grid's descriptors in the order of CellOf's
// digits: "family", then each binned descriptor by its JSON name.
func DescriptorAxes() []string {
	names := []string{"family"}
	for _, a := range axes {
		names = append(names, a.name)
	}
	return names
}

// AxisBins names the bins of descriptor axis i (of DescriptorAxes): the
// families, or each bin by its bounds ("<4", "4-8", ">=32"); nil for an
// axis out of range.
func AxisBins(i int) []string {
	switch {
	case i == 0:
		return slices.Clone(Families)
	case i < 0 || i > len(axes):
		return nil
	}
	a := &axes[i-1]
	names := make([]string, len(a.edges)+1)
	for b := range names {
		names[b] = a.binName(b)
	}
	return names
}

// CellBins returns the bin of cell on each axis of DescriptorAxes (the
// digits of CellOf), or nil for a cell out of the grid.
func CellBins(cell int) []int {
	if cell < 0 || cell >= NumCells {
		return nil
	}
	bins := make([]int, 1+len(axes))
	for i := len(axes) - 1; i >= 0; i-- {
		n := len(axes[i].edges) + 1
		bins[i+1] = cell % n
		cell /= n
	}
	bins[0] = cell
	return bins
}

// Archive is a MAP-Elites archive: at most one genome, its elite, per cell
// of the grid. An elite lies in its cell (CellOf of its descriptors), and a
// genome is an elite of one cell at most.
type Archive struct {
	cells  map[int]*Individual
	byHash map[genome.Hash]int
}

// NewArchive returns an empty archive.
func NewArchive() *Archive {
	return &Archive{cells: map[int]*Individual{}, byHash: map[genome.Hash]int{}}
}

// Len is the number of filled cells.
func (a *Archive) Len() int { return len(a.cells) }

// Elites returns the elites in cell order.
func (a *Archive) Elites() []*Individual {
	out := make([]*Individual, 0, len(a.cells))
	for _, c := range a.Cells() {
		out = append(out, a.cells[c])
	}
	return out
}

// Cells returns the filled cells, in increasing order.
func (a *Archive) Cells() []int {
	cs := make([]int, 0, len(a.cells))
	for c := range a.cells {
		cs = append(cs, c)
	}
	slices.Sort(cs)
	return cs
}

// Elite returns the elite of a cell, nil for an empty one.
func (a *Archive) Elite(cell int) *Individual { return a.cells[cell] }

// Offer offers ind, scored, to the archive: it becomes the elite of its
// cell when the cell is empty or its elite has a lower fitness (an equal
// one keeps its place). A genome that is already an elite (of this cell or
// another, with the score it had then) leaves its cell first and is offered
// again with the score of ind (the elite's own Individual stays, with its
// origin and generation of birth): a re-evaluation can move it. Offer
// reports whether the genome is an elite afterwards.
func (a *Archive) Offer(ind *Individual) bool {
	if c, ok := a.byHash[ind.Hash]; ok {
		// The elite keeps its origin and generation of birth.
		old := a.cells[c]
		old.Score = ind.Score
		ind = old
		delete(a.cells, c)
		delete(a.byHash, ind.Hash)
	}
	c := CellOf(Describe(ind))
	if inc := a.cells[c]; inc != nil && inc.Score.Fitness >= ind.Score.Fitness {
		return false
	} else if inc != nil {
		delete(a.byHash, inc.Hash)
	}
	a.cells[c] = ind
	a.byHash[ind.Hash] = c
	return true
}

// Check verifies the archive's invariants: every elite lies in its cell,
// and no genome is the elite of two cells.
func (a *Archive) Check() error {
	seen := map[genome.Hash]bool{}
	for _, c := range a.Cells() {
		ind := a.cells[c]
		if got := CellOf(Describe(ind)); got != c {
			return fmt.Errorf("the elite %x of cell %d (%s) lies in cell %d (%s)", ind.Hash[:4], c, CellName(c), got, CellName(got))
		}
		if seen[ind.Hash] {
			return fmt.Errorf("the genome %x is the elite of two cells", ind.Hash[:4])
		}
		seen[ind.Hash] = true
	}
	return nil
}

// QDScore is the sum of the elites' fitness.
func (a *Archive) QDScore() float64 {
	s := 0.0
	for _, ind := range a.Elites() {
		s += ind.Score.Fitness
	}
	return s
}
