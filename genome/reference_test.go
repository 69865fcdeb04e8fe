package genome_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The format reference, docs/genome.md, is generated from the code: the
// JSON tags and field comments of the genome types, the phase table, the
// rules vocabulary of internal/cardrules (enum names, effect fields, limits
// and their comments) and the expression operators and terms. TestReference
// checks that the committed file is current; regenerate it with
//
//	go test ./genome -run TestReference -update
const referencePath = "../docs/genome.md"

func TestReference(t *testing.T) {
	testkit.Golden(t, referencePath, []byte(reference(t)))
}

// TestReferenceNamesEverything checks the committed reference, not the
// generator: every JSON field of the genome (walked with reflect, apart
// from the generator) and every name of every enum must appear in it.
func TestReferenceNamesEverything(t *testing.T) {
	doc, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	has := func(what, name string) {
		if !strings.Contains(text, "`"+name+"`") {
			t.Errorf("%s does not name %s `%s`", referencePath, what, name)
		}
	}
	var walk func(typ reflect.Type, prefix string)
	walk = func(typ reflect.Type, prefix string) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			if typ.Kind() == reflect.Slice {
				prefix += "[]"
			}
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || typ == reflect.TypeFor[genome.Expr]() || typ == reflect.TypeFor[cardrules.Match]() {
			return
		}
		for f := range typ.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				t.Errorf("%s.%s has no JSON name", typ, f.Name)
				continue
			}
			path := name
			if prefix != "" {
				path = prefix + "." + name
			}
			has("the field", path)
			walk(f.Type, path)
		}
	}
	walk(reflect.TypeFor[genome.Genome](), "")
	for f := range reflect.TypeFor[genome.Expr]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		has("the expression field", name)
	}
	tables := append(cardrules.Enums(), genome.OpTable(), genome.TermTable())
	for _, tab := range tables {
		for _, n := range tab.Names[tab.Min:] {
			has("the "+tab.Kind, n)
		}
	}
}

// TestPhaseTable checks that the phase table has a row for every field of
// Phase but kind, so that none escapes Validate's "takes no" check.
func TestPhaseTable(t *testing.T) {
	var tags, rows []string
	for f := range reflect.TypeFor[genome.Phase]().Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "kind" {
			tags = append(tags, name)
		}
	}
	for _, f := range genome.PhaseFieldSpecs() {
		rows = append(rows, f.Name)
	}
	slices.Sort(tags)
	slices.Sort(rows)
	if !slices.Equal(tags, rows) {
		t.Errorf("the phase table's fields %v are not Phase's JSON fields %v", rows, tags)
	}
}

// source is what the generator reads from the Go sources: the comments of
// struct fields and types, and each constant's comment, type and value.
type source struct {
	fieldDocs map[string]map[string]string // type name -> Go field name -> comment
	typeDocs  map[string]string            // type name -> doc comment
	consts    []constant                   // in source order
}

type constant struct {
	name, typ, doc string
	blockDoc       string // the doc comment of its const block
	index          int    // the iota of an iota-valued constant, else -1
	lit            string // a literal value, else ""
}

func parseSource(t *testing.T, dirs ...string) *source {
	t.Helper()
	s := &source{fieldDocs: map[string]map[string]string{}, typeDocs: map[string]string{}}
	fset := token.NewFileSet()
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				if gd, ok := d.(*ast.GenDecl); ok {
					s.addDecl(gd)
				}
			}
		}
	}
	return s
}

func (s *source) addDecl(gd *ast.GenDecl) {
	switch gd.Tok {
	case token.TYPE:
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			if ts.Assign.IsValid() {
				continue // an alias: its doc is the aliased type's
			}
			doc := commentText(ts.Doc)
			if doc == "" && len(gd.Specs) == 1 {
				doc = commentText(gd.Doc)
			}
			s.typeDocs[ts.Name.Name] = doc
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			fields := map[string]string{}
			for _, f := range st.Fields.List {
				doc := commentText(f.Doc)
				if doc == "" {
					doc = commentText(f.Comment)
				}
				for _, n := range f.Names {
					fields[n.Name] = doc
				}
			}
			s.fieldDocs[ts.Name.Name] = fields
		}
	case token.CONST:
		// Within a const block a spec without type and values repeats the
		// previous ones, and iota is the spec's index.
		typ, isIota := "", false
		for i, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			lit := ""
			if vs.Type != nil || len(vs.Values) > 0 {
				typ, isIota = "", false
				if id, ok := vs.Type.(*ast.Ident); ok {
					typ = id.Name
				}
				if len(vs.Values) == 1 {
					if id, ok := vs.Values[0].(*ast.Ident); ok && id.Name == "iota" {
						isIota = true
					}
					if bl, ok := vs.Values[0].(*ast.BasicLit); ok {
						lit = bl.Value
					}
				}
			}
			doc := commentText(vs.Doc)
			if doc == "" {
				doc = commentText(vs.Comment)
			}
			for _, n := range vs.Names {
				c := constant{name: n.Name, typ: typ, doc: strings.TrimPrefix(doc, n.Name+": "), blockDoc: commentText(gd.Doc), index: -1, lit: lit}
				if isIota {
					c.index = i
				}
				s.consts = append(s.consts, c)
			}
		}
	}
}

// valueDoc is the comment of the constant of type typ whose value is v, or
// "".
func (s *source) valueDoc(typ string, v int) string {
	for _, c := range s.consts {
		if c.typ == typ && c.index == v {
			return c.doc
		}
	}
	return ""
}

func commentText(g *ast.CommentGroup) string {
	return strings.Join(strings.Fields(g.Text()), " ")
}

// firstSentence cuts a doc comment after its first sentence.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// afterFirstSentence drops a doc comment's first sentence.
func afterFirstSentence(s string) string {
	return strings.TrimSpace(strings.TrimPrefix(s, firstSentence(s)))
}

// goName sets a doc comment's leading Go name in code.
func goName(doc, name string) string {
	if rest, ok := strings.CutPrefix(doc, name+" "); ok {
		return code(name) + " " + rest
	}
	return doc
}

// capital upper-cases the first letter and ends the text with a period.
func capital(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// anchor is GitHub's anchor of a Markdown heading.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

func code(s string) string { return "`" + s + "`" }

func codes(names []string) string {
	var out []string
	for _, n := range names {
		out = append(out, code(n))
	}
	return strings.Join(out, ", ")
}

// field is one JSON field of the genome as the reference lists it.
type field struct {
	path     string // "deal.overrides[].cards"
	typ      reflect.Type
	optional bool // omitted when zero
	doc      string
}

// fields walks the JSON form of typ, depth first in field order; it does
// not descend into expressions, which have a section of their own.
func (s *source) fields(t *testing.T, typ reflect.Type, prefix string) []field {
	var out []field
	for f := range typ.Fields() {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		path := name
		if prefix != "" {
			path = prefix + "." + name
		}
		doc := s.fieldDocs[typ.Name()][f.Name]
		if doc == "" {
			t.Errorf("%s.%s has no comment to document JSON field %s", typ.Name(), f.Name, path)
		}
		out = append(out, field{path, f.Type, strings.Contains(opts, "omit"), doc})
		elem, sub := f.Type, path
		for elem.Kind() == reflect.Pointer || elem.Kind() == reflect.Slice {
			if elem.Kind() == reflect.Slice {
				sub += "[]"
			}
			elem = elem.Elem()
		}
		if elem.Kind() == reflect.Struct && !isLeaf(elem) {
			out = append(out, s.fields(t, elem, sub)...)
		}
	}
	return out
}

var textMarshaler = reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]()

func isLeaf(t reflect.Type) bool {
	return t.Implements(textMarshaler) || t == reflect.TypeFor[genome.Expr]()
}

// enumOf finds the vocabulary table of an enum type.
func enumOf(t reflect.Type) (cardrules.Table, bool) {
	if t.PkgPath() != reflect.TypeFor[cardrules.Table]().PkgPath() {
		return cardrules.Table{}, false
	}
	for _, tab := range cardrules.Enums() {
		if tab.GoName == t.Name() {
			return tab, true
		}
	}
	return cardrules.Table{}, false
}

// typeText names a field's JSON type, linking enums to their section.
func typeText(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[genome.Rank]():
		return "[rank](#cards)"
	case reflect.TypeFor[genome.Suit]():
		return "[suit](#cards)"
	case reflect.TypeFor[genome.Card]():
		return "[card](#cards)"
	case reflect.TypeFor[genome.Match]():
		return "[match](#cards)"
	case reflect.TypeFor[genome.Expr]():
		return "[expression](#expressions)"
	case reflect.TypeFor[genome.Term]():
		return "[term](#terms)"
	case reflect.TypeFor[genome.Op]():
		return "[operator](#operators) name"
	}
	if tab, ok := enumOf(t); ok {
		return fmt.Sprintf("[%s](#%s) name", tab.Kind, anchor(tab.Kind))
	}
	switch t.Kind() {
	case reflect.Pointer:
		return typeText(t.Elem())
	case reflect.Slice:
		return "list of " + typeText(t.Elem()) + "s"
	case reflect.Struct:
		return "object"
	case reflect.Int:
		return "integer"
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	}
	return t.String()
}

func table(b *strings.Builder, header []string, rows [][]string) {
	fmt.Fprintf(b, "| %s |\n|", strings.Join(header, " | "))
	for range header {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range rows {
		fmt.Fprintf(b, "| %s |\n", strings.Join(r, " | "))
	}
	b.WriteString("\n")
}

// reference builds docs/genome.md.
func reference(t *testing.T) string {
	src := parseSource(t, ".", "../internal/cardrules")
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("# Genome format reference\n\n")
	w("<!-- Generated from the code by `go test ./genome -run TestReference -update`; do not edit. -->\n\n")
	w("A genome is one card game, written as a JSON object (schema version %d). ", genome.SchemaVersion)
	w("This reference lists every field, every phase kind and effect type, every name the format knows and every limit of the model. ")
	w("It is generated from the genome types, the genome's phase table and the rules vocabulary in `internal/cardrules`, so it cannot drift from the code.\n\n")
	w("Decoding is strict: text that is not UTF-8, a key given twice in one object, an unknown field, a value of the wrong type or an unknown name is an error at its JSON path (`$.turn[0].draw_max`), and every problem is reported at once. ")
	w("A genome written in an older schema version still loads: it is migrated to version %d first; a newer version is refused. ", genome.SchemaVersion)
	w("Fields marked *optional* may be left out, and the encoder leaves them out when they are zero; a field left out reads as zero (0, false, an empty list, or the first name of its enum). ")
	w("Validation then checks the rules of the model (see the `genome` package documentation), and `darwinsim describe` renders a genome as rules in plain English.\n\n")
	w("Contents: [Genome fields](#genome-fields), [Phases](#phases), [Effects](#effects), [Rules](#rules), [Contracts](#contracts), [Betting](#betting), [Dealer](#dealer), [Expressions](#expressions), [Cards](#cards), [Enums](#enums), [Limits](#limits).\n\n")

	all := src.fields(t, reflect.TypeFor[genome.Genome](), "")
	usedBy := map[reflect.Type][]string{}
	for _, f := range all {
		e := f.typ
		for e.Kind() == reflect.Pointer || e.Kind() == reflect.Slice {
			e = e.Elem()
		}
		usedBy[e] = append(usedBy[e], f.path)
	}
	typeCell := func(f field) string {
		s := typeText(f.typ)
		if f.optional {
			s += ", optional"
		}
		return s
	}

	// Genome fields.
	w("## Genome fields\n\n")
	w("The genome is an object with these fields; nested objects' fields are listed by their paths.\n\n")
	var rows [][]string
	for _, f := range all {
		if strings.HasPrefix(f.path, "turn[].") {
			continue
		}
		doc := capital(f.doc)
		switch f.path {
		case "turn":
			doc += " See [Phases](#phases)."
		case "effects":
			doc += " See [Effects](#effects)."
		}
		rows = append(rows, []string{code(f.path), typeCell(f), doc})
	}
	table(&b, []string{"Field", "Type", "Meaning"}, rows)

	// Phases.
	specs := genome.PhaseFieldSpecs()
	spec := func(name string) genome.PhaseFieldSpec {
		i := slices.IndexFunc(specs, func(s genome.PhaseFieldSpec) bool { return s.Name == name })
		if i < 0 {
			t.Fatalf("phase field %s is not in the phase table", name)
		}
		return specs[i]
	}
	kinds := cardrules.Enums()[slices.IndexFunc(cardrules.Enums(), func(tab cardrules.Table) bool { return tab.GoName == "PhaseKind" })]
	w("## Phases\n\n")
	w("A turn is the list `turn` of %d to %d phases, run in order (none only in a game of betting with a showdown, [Betting](#betting), or against a dealer, [Dealer](#dealer)). ", 1, cardrules.MaxPhases)
	w("Each phase is an object whose `kind` says what it does; it sets only the fields its kind uses, and every other field must be left out.\n\n")
	rows = nil
	for _, f := range all {
		name, ok := strings.CutPrefix(f.path, "turn[].")
		if !ok {
			continue
		}
		typ, users := typeCell(f), "every phase"
		// A field of a phase field's objects (demands[].rank) is used
		// where its phase field is.
		top, nested := name, false
		if i := strings.IndexAny(name, ".["); i >= 0 {
			top, nested = name[:i], true
		}
		if name != "kind" {
			sp := spec(top)
			switch {
			case nested:
			case sp.Required:
				typ = typeText(f.typ) + ", required"
			case sp.Hi > 0:
				typ = fmt.Sprintf("integer %d..%d", sp.Lo, sp.Hi)
				if sp.Lo == 0 {
					typ += ", optional"
				}
			}
			var ks []string
			for k := range genome.PhaseKind(cardrules.NumPhaseKinds) {
				if slices.Contains(genome.PhaseKindFields(k), top) {
					ks = append(ks, fmt.Sprintf("[%s](#%s)", k, anchor(k.String()+" phases")))
				}
			}
			users = strings.Join(ks, ", ")
		}
		rows = append(rows, []string{code(f.path), typ, users, capital(f.doc)})
	}
	table(&b, []string{"Field", "Type", "Used by", "Meaning"}, rows)
	for k := range genome.PhaseKind(cardrules.NumPhaseKinds) {
		w("### %s phases\n\n", k)
		w("`\"kind\": \"%s\"`. %s\n\n", k, capital(src.valueDoc("PhaseKind", int(k))))
		if hand, why := genome.PhaseKindHand(k); why != "" {
			w("Needs a %s hand (%s).", hand, why)
		} else {
			w("Works with any hand.")
		}
		if k.PlaysCards() {
			w(" Plays cards, so effects can fire in it.")
		}
		var fs []string
		for _, name := range genome.PhaseKindFields(k) {
			s := code(name)
			if sp := spec(name); sp.Required {
				s += " (required)"
			}
			fs = append(fs, s)
		}
		if len(fs) == 0 {
			w(" It uses no other field.\n\n")
		} else {
			w(" Fields: %s.\n\n", strings.Join(fs, ", "))
		}
	}
	w("Names: %s.\n\n", codes(kinds.Names))

	// Effects.
	var plays []string
	for k := range genome.PhaseKind(cardrules.NumPhaseKinds) {
		if k.PlaysCards() {
			plays = append(plays, k.String())
		}
	}
	w("## Effects\n\n")
	w("Each entry of `effects` gives a rank a special effect. ")
	w("Effects fire, in list order, when a card is played in a phase that plays cards (%s); there are at most %d. ", strings.Join(plays, ", "), cardrules.MaxEffects)
	w("An effect with `when` fires on another event instead, at the end of the phase in which it happened; one with `if` does nothing while its condition fails. ")
	w("An effect's `type` decides which of `target` and `value` it uses; a field it does not use must be left out.\n\n")
	rows = nil
	for ty := range genome.EffectType(cardrules.NumEffectTypes) {
		e := genome.Effect{Rank: 7, Type: ty}
		target, value := "-", "-"
		if ty.UsesTarget() {
			target, e.Target = "required", cardrules.TargetNext
		}
		if ty.UsesValue() {
			value, e.Value = fmt.Sprintf("1..%d", cardrules.MaxEffectValue), 2
		}
		if ty.Lasts() {
			e.Lasts = genome.Lasting{For: cardrules.ForTurns, Turns: 2}
			if ty == cardrules.Suppress {
				e.Lasts.Suppresses = cardrules.SuppressedOf(cardrules.DrawCards)
			}
		}
		j, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, []string{code(ty.String()), target, value, fmt.Sprintf("`%s`: %s", j, genome.DescribeEffect(e))})
	}
	table(&b, []string{"Type", "`target`", "`value`", "Example"}, rows)
	w("A `draw_cards` or `force_discard` effect with `at` acts later: at the end of the turn it fired in (`turn_end`), or at the start of each target's next turn (`target_turn`). ")
	w("Its targets are taken when it fires, and its condition is tested then, but a condition on the target's hand is tested when it acts; it acts even if its player has gone out by then, takes no `gate`, and at most %d wait at once. ", cardrules.MaxDelayed)
	w("A `target` of `chosen_opponent` lets the effect's player choose the opponent it hits (a decision), for an immediate, lasting or delayed effect alike; it is refused in a game of pile hands, whose battles leave no one a choice, and in a take phase's `from`.\n\n")
	rulesSection(t, &b)
	contractSection(t, &b)
	bettingSection(t, &b)
	dealerSection(t, &b)

	// Expressions.
	w("## Expressions\n\n")
	w("A predicate says which cards may be played: it holds or not for a candidate card, given the top card, the active suit and the suits played so far. ")
	w("Predicates (`legal`, `prefer`, `lead`, `lead_prefer`) are expression objects, nested at most %d levels deep and of at most %d nodes.\n\n", cardrules.MaxExprDepth, cardrules.MaxExprNodes)
	rows = nil
	for _, f := range src.fields(t, reflect.TypeFor[genome.Expr](), "") {
		rows = append(rows, []string{code(f.path), typeCell(f), capital(f.doc)})
	}
	table(&b, []string{"Field", "Type", "Meaning"}, rows)
	w("### Operators\n\n")
	rows = nil
	ops := genome.OpTable()
	for i, n := range ops.Names {
		rows = append(rows, []string{code(n), capital(src.valueDoc("Op", i))})
	}
	table(&b, []string{"`op`", "Holds when"}, rows)
	w("### Terms\n\n")
	w("A comparison's `left` and `right` are terms. %s\n\n", afterFirstSentence(src.typeDocs["TermKind"]))
	rows = nil
	terms := genome.TermTable()
	for i, n := range terms.Names[terms.Min:] {
		rows = append(rows, []string{code(n), capital(src.valueDoc("TermKind", int(terms.Min)+i))})
	}
	for _, k := range []genome.TermKind{genome.TermRank, genome.TermSuit} {
		ex := genome.Term{Kind: k}
		name, err := ex.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, []string{fmt.Sprintf("a %s, like `%s`", strings.TrimPrefix(src.valueDoc("TermKind", int(k)), "a constant "), name), capital(src.valueDoc("TermKind", int(k)))})
	}
	table(&b, []string{"Term", "Reads"}, rows)
	if g, err := genome.Seed("crazy-eights"); err == nil && g.Turn[0].Legal != nil {
		j, err := json.MarshalIndent(g.Turn[0].Legal, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		w("For example, the `legal` predicate of the seed game crazy-eights lets a player play a card if %s:\n\n```json\n%s\n```\n\n", strings.Trim(g.Turn[0].Legal.Describe(), "()"), j)
	} else {
		t.Fatalf("seed crazy-eights has no legal predicate to show: %v", err)
	}

	// Cards.
	var ranks, suits []string
	for r := range genome.Rank(cardrules.NumRanks) {
		ranks = append(ranks, r.String())
	}
	for s := range genome.Suit(cardrules.NumSuits) {
		suits = append(suits, s.String())
	}
	w("## Cards\n\n")
	w("The standard deck has %d cards: %d ranks and %d suits. Names are read in any case and written as below.\n\n", cardrules.NumCards, cardrules.NumRanks, cardrules.NumSuits)
	w("- A rank is one of %s (aces rank high wherever ranks are compared).\n", codes(ranks))
	w("- A suit is one of %s.\n", codes(suits))
	w("- A card is a rank then a suit letter: `%s`, `%s`, `%s`.\n", cardrules.NewCard(10, 3), cardrules.NewCard(8, 2), cardrules.NewCard(0, 0))
	w("- A match (`score.cards[].match`) is a rank, a suit or a card: `%s`, `%s`, `%s`.\n\n", genome.Match{Kind: cardrules.MatchRank, Value: 10}, genome.Match{Kind: cardrules.MatchSuit, Value: 2}, genome.Match{Kind: cardrules.MatchCard, Value: uint8(cardrules.NewCard(10, 3))})

	// Enums.
	w("## Enums\n\n")
	w("Every name of the rules vocabulary (`internal/cardrules`), by enum.\n\n")
	for _, tab := range cardrules.Enums() {
		w("### %s\n\n", tab.Kind)
		w("%s", goName(firstSentence(src.typeDocs[tab.GoName]), tab.GoName))
		var paths []string
		for ty, ps := range usedBy {
			if ty.Name() == tab.GoName && ty.PkgPath() == reflect.TypeFor[cardrules.Table]().PkgPath() {
				paths = append(paths, ps...)
			}
		}
		slices.Sort(paths)
		if len(paths) > 0 {
			w(" Written in %s.", codes(paths))
		} else {
			w(" Not written as a name of its own.")
		}
		if tab.Min > 0 {
			w(" Its value 0 (%s) has no name in JSON: leave the field out.", tab.Names[0])
		}
		w("\n\n")
		for i, n := range tab.Names[tab.Min:] {
			if doc := src.valueDoc(tab.GoName, int(tab.Min)+i); doc != "" {
				w("- `%s`: %s\n", n, doc)
			} else {
				w("- `%s`\n", n)
			}
		}
		w("\n")
	}

	// Limits.
	w("## Limits\n\n")
	rows = nil
	blockDoc := ""
	for _, c := range src.consts {
		if strings.HasPrefix(c.name, "Max") && c.lit != "" {
			rows = append(rows, []string{code(c.name), c.lit, c.doc})
			blockDoc = c.blockDoc
		}
	}
	if len(rows) == 0 {
		t.Fatal("no limits found in internal/cardrules")
	}
	w("These are constants of `internal/cardrules`. %s\n\n", blockDoc)
	table(&b, []string{"Limit", "At most", "Of"}, rows)
	return strings.TrimRight(b.String(), "\n") + "\n"
}
