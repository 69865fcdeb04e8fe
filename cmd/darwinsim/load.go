package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/genome"
)

// game is a loaded game argument: its name, canonical genome (with
// metadata when known) and program bytes.
type game struct {
	// Named says that Name is the game's own name (a seed's, a genome's or
	// a program file's), not the path it was read from.
	Named  bool
	Name   string
	Genome *genome.Genome
	Code   []byte
}

// seedPrefix names a seed game explicitly: "seed:war" is the seed game
// even when a file named war is in the current directory.
const seedPrefix = "seed:"

// seedName returns the seed game that arg names, if it names one: "seed:"
// and a seed's name, or a bare name (no "/" or ".") of a seed game. A bare
// name that is also an existing file in the current directory is an error:
// the user must say which one they mean.
func seedName(arg string) (name string, ok bool, err error) {
	if n, found := strings.CutPrefix(arg, seedPrefix); found {
		if _, err := genome.Seed(n); err != nil {
			return "", false, fmt.Errorf("%s: no seed game named %s (seed games: %s)", arg, n, strings.Join(genome.SeedNames(), ", "))
		}
		return n, true, nil
	}
	if strings.ContainsAny(arg, "/.") {
		return "", false, nil
	}
	if _, err := genome.Seed(arg); err != nil {
		return "", false, nil
	}
	// A directory is no game argument, so one named like a seed (a run
	// directory, say) leaves no doubt.
	if fi, err := os.Lstat(arg); err == nil && !fi.IsDir() {
		return "", false, fmt.Errorf("%s is both a seed game and a file in the current directory: write ./%s for the file or %s%s for the seed game", arg, arg, seedPrefix, arg)
	}
	return arg, true, nil
}

// loadGame resolves a game argument: a seed game's name, a genome JSON file,
// a program file (FlatBuffers, as "compile -o" writes) or bare bytecode.
func loadGame(arg string) (*game, error) {
	name, isSeed, err := seedName(arg)
	if err != nil {
		return nil, err
	}
	if isSeed {
		g, err := genome.Seed(name)
		if err != nil {
			return nil, err
		}
		code, err := compile.Compile(g)
		if err != nil {
			return nil, fmt.Errorf("seed %s: %w", name, err)
		}
		return &game{Name: g.Name, Named: true, Genome: g, Code: code}, nil
	}
	data, err := os.ReadFile(arg)
	if errors.Is(err, fs.ErrNotExist) && strings.Contains(arg, listPick) {
		// FILE#PICK: one game of a list, when no file has the whole
		// name; FILE is the shortest prefix before a # that is a file (a
		// directory or a game's name may hold a # too).
		for i := range len(arg) {
			if !strings.HasPrefix(arg[i:], listPick) {
				continue
			}
			if _, serr := os.Stat(arg[:i]); serr == nil {
				if data, err = os.ReadFile(arg[:i]); err == nil {
					return pickGame(arg[:i], arg[i+len(listPick):], data)
				}
				return nil, fmt.Errorf("%s: %w", printable(arg[:i]), unwrapPath(err))
			}
		}
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file, and no seed game of that name (seed games: %s)", printable(arg), strings.Join(genome.SeedNames(), ", "))
		}
		return nil, fmt.Errorf("%s: %w", printable(arg), unwrapPath(err))
	}
	return decodeGame(arg, data)
}

// decodeGame reads the contents of the game file arg: a program file,
// bare bytecode or a genome JSON file.
func decodeGame(arg string, data []byte) (*game, error) {
	if fbs.IsProgramFile(data) {
		pf, err := fbs.ReadProgram(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", printable(arg), err)
		}
		name := pf.Name
		if name == "" {
			name = arg
		}
		return &game{Name: name, Named: pf.Name != "", Genome: pf.Genome, Code: pf.Code}, nil
	}
	if bytes.HasPrefix(data, bytecode.Magic[:]) {
		g, err := compile.Decompile(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", printable(arg), err)
		}
		return &game{Name: arg, Genome: g, Code: data}, nil
	}
	if what := notGame(data); what != "" {
		return nil, fmt.Errorf("%s: %s", printable(arg), what)
	}
	if isList(data) {
		gs, err := evolve.ParseGenomeList(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", printable(arg), err)
		}
		return nil, fmt.Errorf("%s: a list of %s; pick one as %s%s%s", printable(arg), plural(len(gs), "game"), printable(arg), listPick, gameNames(gs))
	}
	g, err := genome.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", printable(arg), err)
	}
	code, err := compile.Compile(g)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", printable(arg), err)
	}
	name := g.Name
	if name == "" {
		name = arg
	}
	return &game{Name: name, Named: g.Name != "", Genome: g, Code: code}, nil
}

// listPick separates a list file's path from the game picked from it, by
// name or by position from 1: runs/a/archive.json#evolved-1a2b3c4d,
// runs/a/hall_of_fame.json#2.
const listPick = "#"

// isList reports whether data is a JSON list (of games, or of hall of fame
// or archive entries).
func isList(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '['
}

// pickName is how game i (from 0) of gs is picked: its name when it has
// one that no other game of the list has, else its position from 1.
func pickName(gs []*genome.Genome, i int) string {
	name := gs[i].Name
	if name == "" || slices.ContainsFunc(gs, func(g *genome.Genome) bool { return g != gs[i] && g.Name == name }) || isPosition(name) {
		return strconv.Itoa(i + 1)
	}
	return name
}

// isPosition reports whether pick is a number, a pick by position.
func isPosition(pick string) bool {
	_, err := strconv.ParseUint(pick, 10, 31)
	return err == nil
}

// gameNames lists how the games of a list are picked (pickName), as a
// choice: "PICK" for one, "{A|B|...}" for more (the first five, then
// "...").
func gameNames(gs []*genome.Genome) string {
	var names []string
	for i := range gs {
		if i == 5 {
			names = append(names, "...")
			break
		}
		names = append(names, printable(pickName(gs, i)))
	}
	if len(names) == 1 {
		return names[0]
	}
	return "{" + strings.Join(names, "|") + "}"
}

// pickGame returns the game pick names in the list file path (data): a
// hall of fame, an archive or a list of genomes (evolve.ParseGenomeList),
// picked by name (pickName) or by position from 1.
func pickGame(path, pick string, data []byte) (*game, error) {
	arg := path + listPick + pick
	if !isList(data) {
		return nil, fmt.Errorf("%s: %s holds no list of games to pick %q from", printable(arg), printable(path), pick)
	}
	gs, err := evolve.ParseGenomeList(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", printable(path), err)
	}
	for i, g := range gs {
		if pickName(gs, i) != pick && strconv.Itoa(i+1) != pick {
			continue
		}
		code, err := compile.Compile(g)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", printable(arg), err)
		}
		if g.Name == "" {
			return &game{Name: arg, Genome: g, Code: code}, nil
		}
		return &game{Name: g.Name, Named: true, Genome: g, Code: code}, nil
	}
	return nil, fmt.Errorf("%s: no game %q in %s (pick one of %s, or by position from 1 to %d)", printable(arg), pick, printable(path), gameNames(gs), len(gs))
}

// notGame says what data is when it is plainly not a game, neither a
// program file nor bare bytecode (decodeGame has tried both) nor genome
// JSON text: another darwinsim file, or
// binary data (a NUL byte, which JSON text never holds, a first byte that
// no JSON text starts with, or invalid UTF-8 that does not even start like
// a JSON object or list). It returns "" for everything else, which the
// genome parser reports with the line and column of its problem.
func notGame(data []byte) string {
	switch {
	case fbs.IsBatchRequest(data):
		return "a batch request file, not a game (run it with darwinsim simulate --request FILE)"
	case fbs.IsBatchResult(data):
		return "a batch result file, not a game (it holds the statistics of a batch)"
	case len(data) >= 8 && string(data[4:8]) == fbs.CheckpointIdentifier:
		return "an evolution checkpoint, not a game (continue its run with darwinsim evolve --resume DIR)"
	}
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		return "" // JSON behind a byte order mark: the genome parser says so
	}
	text := bytes.TrimLeft(data, " \t\r\n")
	binary := bytes.IndexByte(data, 0) >= 0 ||
		len(text) > 0 && (text[0] < 0x20 || text[0] >= 0x7f || !utf8.Valid(data) && text[0] != '{' && text[0] != '[')
	if binary {
		return fmt.Sprintf("not a game file: not genome JSON, and not a program (a program file has the identifier %s at bytes 4 to 7, bare bytecode starts with %s)",
			fbs.ProgramFileIdentifier, bytecode.Magic[:])
	}
	return ""
}

// gameArg returns the game named by args, or the default game when there is
// none; "-" reads it from cmd's standard input.
func gameArg(cmd *cobra.Command, args []string, def string) (*game, error) {
	switch {
	case len(args) == 0:
		return loadGame(def)
	case args[0] == stdio:
		return stdinGame(cmd.InOrStdin())
	}
	return loadGame(args[0])
}

// stdinName names a game read from standard input that has no name of its
// own.
const stdinName = "stdin"

// stdinGame reads a game argument "-": a genome JSON document, a program
// file or bare bytecode on standard input, which must not be a terminal
// (a person would wait on a command that waits for them).
func stdinGame(in io.Reader) (*game, error) {
	if isTerminalReader(in) {
		return nil, usagef("-: standard input is a terminal: pipe a genome or a program into it (darwinsim compile war -o - | darwinsim disasm -), or name a game")
	}
	data, err := io.ReadAll(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", stdinName, err)
	}
	if isList(data) {
		return nil, fmt.Errorf("%s: a list of games, not one game: save it to a file and pick one as FILE%sNAME", stdinName, listPick)
	}
	return decodeGame(stdinName, data)
}

// completeGames offers the seed games' names for shell completion.
func completeGames(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return genome.SeedNames(), cobra.ShellCompDirectiveDefault
}

// unwrapPath drops the operation and path of an *fs.PathError, for a
// message that names the path itself (escaped).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
