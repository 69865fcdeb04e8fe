package bytecode

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// opComment is what the comment of an Op constant in op.go says.
type opComment struct {
	value            int
	text             string
	operands         int
	pops, pushes     int
	hasStackEffect   bool
	operandsExplicit bool
}

var stackEffect = regexp.MustCompile(`\((\d+) -> (\d+)\)`)
var operandWidth = regexp.MustCompile(`\bu(8|16)\b`)

// parseOpComments reads op.go and returns, for every Op constant, its value
// and what its line comment says: the operand bytes before any "then"
// (u8 = 1, u16 = 2; "no operands" = 0) and the "(pops -> pushes)" effect.
func parseOpComments(t *testing.T) map[string]opComment {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "op.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]opComment)
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Op" || len(vs.Values) != 1 {
				continue
			}
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.INT {
				t.Fatalf("%s: opcode values should be integer literals", vs.Names[0].Name)
			}
			v, _ := strconv.Atoi(constant.MakeFromLiteral(lit.Value, lit.Kind, 0).ExactString())
			c := opComment{value: v}
			if vs.Comment != nil {
				c.text = strings.TrimSpace(vs.Comment.Text())
			}
			if m := stackEffect.FindStringSubmatch(c.text); m != nil {
				c.hasStackEffect = true
				c.pops, _ = strconv.Atoi(m[1])
				c.pushes, _ = strconv.Atoi(m[2])
			}
			operands, _, _ := strings.Cut(c.text, ";")
			operands, _, _ = strings.Cut(operands, "then")
			if strings.Contains(operands, "no operands") {
				c.operandsExplicit = true
			}
			for _, m := range operandWidth.FindAllStringSubmatch(operands, -1) {
				c.operandsExplicit = true
				if m[1] == "8" {
					c.operands++
				} else {
					c.operands += 2
				}
			}
			out[vs.Names[0].Name] = c
		}
	}
	return out
}

func TestOpsMatchTheirComments(t *testing.T) {
	comments := parseOpComments(t)
	if len(comments) < 10 {
		t.Fatalf("found only %d Op constants in op.go", len(comments))
	}
	inv, ok := comments["OpInvalid"]
	if !ok || inv.value != 0 {
		t.Fatal("OpInvalid should be the constant 0")
	}
	if _, ok := OpInvalid.Info(); ok {
		t.Error("OpInvalid (0) is a defined opcode")
	}
	if got := OpInvalid.String(); got != "Op(0)" {
		t.Errorf("OpInvalid.String() = %q, want Op(0)", got)
	}

	defined := make(map[Op]bool)
	prev := -1
	for _, op := range Ops() {
		if int(op) <= prev {
			t.Errorf("Ops() not in increasing order at %d", op)
		}
		prev = int(op)
		defined[op] = true
		if op == OpInvalid {
			t.Error("Ops() lists OpInvalid")
		}
	}
	for name, c := range comments {
		if name == "OpInvalid" {
			continue
		}
		op := Op(c.value)
		t.Run(name, func(t *testing.T) {
			info, ok := op.Info()
			if !ok || !defined[op] {
				t.Fatalf("%s (%d) is a constant but not a defined opcode", name, c.value)
			}
			if want := strings.ToUpper(strings.TrimPrefix(name, "Op")); strings.ReplaceAll(info.Name, "_", "") != want {
				t.Errorf("name %q does not match constant %s", info.Name, name)
			}
			if op.String() != info.Name {
				t.Errorf("String() = %q, want %q", op.String(), info.Name)
			}
			if !c.hasStackEffect {
				t.Errorf("comment %q gives no (pops -> pushes) stack effect", c.text)
			} else if c.pops != info.Pops || c.pushes != info.Pushes {
				t.Errorf("stack effect (%d -> %d) in the table, (%d -> %d) in the comment %q", info.Pops, info.Pushes, c.pops, c.pushes, c.text)
			}
			if !c.operandsExplicit {
				t.Errorf("comment %q does not say the operand bytes", c.text)
			} else if c.operands != info.Operands {
				t.Errorf("%d operand bytes in the table, %d in the comment %q", info.Operands, c.operands, c.text)
			}
		})
	}
	for _, op := range Ops() {
		found := false
		for _, c := range comments {
			found = found || Op(c.value) == op
		}
		if !found {
			t.Errorf("opcode %d (%s) has no Op constant in op.go", op, op)
		}
	}
	// The stack-machine opcodes are exactly the predicate instructions the
	// verifier accepts (IsPredicate), they are numbered from 1 without a
	// hole, end with RET's neighbours, and only they touch the stack.
	maxPred := Op(0)
	for _, op := range Ops() {
		info, _ := op.Info()
		if op.IsPredicate() {
			maxPred = max(maxPred, op)
			if info.Pops == 0 && info.Pushes == 0 {
				t.Errorf("predicate instruction %s has no stack effect", op)
			}
		} else if info.Pops != 0 || info.Pushes != 0 {
			t.Errorf("%s is not a predicate instruction but has a stack effect", op)
		}
	}
	for op := Op(1); op <= maxPred; op++ {
		if !defined[op] || !op.IsPredicate() {
			t.Errorf("opcode %d inside the predicate range 1..%d is not a defined predicate instruction", op, maxPred)
		}
	}
	for op := maxPred + 1; op != 0; op++ {
		if op.IsPredicate() {
			t.Errorf("IsPredicate(%d) outside the defined predicate opcodes", op)
		}
	}
	if OpInvalid.IsPredicate() {
		t.Error("OpInvalid.IsPredicate()")
	}
	if !OpRet.IsPredicate() {
		t.Error("RET is not a predicate instruction")
	}
	if got := Op(200).String(); got != "Op(200)" {
		t.Errorf("Op(200).String() = %q", got)
	}
}
