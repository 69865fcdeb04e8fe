package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
)

// The shared flags. Each command declares those it reads, and only those:
// a flag that a command would ignore is not in its help, and giving it is
// a usage error that says which commands take it (flagError).

// addSeed declares --seed.
func (g *globals) addSeed(cmd *cobra.Command) {
	cmd.Flags().Uint64Var(&g.seed, "seed", DefaultSeed, "seed of every random choice (printed with each result)")
}

// addWorkers declares --workers.
func (g *globals) addWorkers(cmd *cobra.Command) {
	cmd.Flags().IntVar(&g.workers, "workers", 0, fmt.Sprintf("parallel workers (0: one per core; at most %d per core); results do not depend on it", workersPerCore))
}

// addQuiet declares -q/--quiet.
func (g *globals) addQuiet(cmd *cobra.Command) {
	cmd.Flags().BoolVarP(&g.quiet, "quiet", "q", false, "no progress output")
}

// addProfiles declares --cpuprofile and --memprofile.
func (g *globals) addProfiles(cmd *cobra.Command) {
	cmd.Flags().StringVar(&g.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	cmd.Flags().StringVar(&g.memprofile, "memprofile", "", "write an allocation profile to this file")
}

// sharedFlags are the flags that several commands declare, by name and
// shorthand: flagError names the commands that take one.
var sharedFlags = map[string]string{"seed": "", "workers": "", "quiet": "q", "cpuprofile": "", "memprofile": "", "json": "", "out": "o"}

// flagError turns pflag's errors into usage errors. An unknown flag that
// other commands take says which ones, so that no one looks for a typo in
// "--seed" given to a command that plays no games.
func flagError(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) {
		return usageError{err}
	}
	name := ne.GetSpecifiedName()
	flag := "--" + name
	for long, short := range sharedFlags {
		if short != "" && name == short {
			name, flag = long, "-"+short+" (--"+long+")"
		}
	}
	if _, ok := sharedFlags[name]; !ok {
		return usageError{err}
	}
	var takers []string
	for _, c := range cmd.Root().Commands() {
		if c.Flags().Lookup(name) != nil && !c.Hidden {
			takers = append(takers, c.Name())
		}
	}
	if len(takers) == 0 {
		return usageError{err}
	}
	return usagef("unknown flag: %s: %s does not take it (%s %s)", flag, cmd.CommandPath(), wordList(takers, "and"), agree(len(takers), "does", "do"))
}

// wordList joins words as a sentence does, with the conjunction conj:
// "a", "a and b", "a, b and c".
func wordList(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// agree picks the singular or plural form of a word for n.
func agree(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// Completion of flag values: cobra's hidden __complete command asks
// these, for the shell scripts of "darwinsim completion".

// policyCompletions are the policy specs a completion offers: the search
// policies end with ":" for their iteration count.
var policyCompletions = []string{"random", "greedy", "ismcts:", "mcts:"}

// completePolicies completes a policy spec, or the last spec of a
// comma-separated list (--policy, --vs, --ladder-policies).
func completePolicies(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return completeList(toComplete, policyCompletions), cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// completeFrom completes evolve's --from: a seed game's name as the last
// item of a comma-separated list, or (when none fits) a file or directory.
func completeFrom(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return completeList(toComplete, genome.SeedNames()), cobra.ShellCompDirectiveNoSpace
}

// completeWords completes a flag that takes one of words.
func completeWords(words func() []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, w := range words() {
			if strings.HasPrefix(w, toComplete) {
				out = append(out, w)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeList completes the last item of a comma-separated list with
// the words it starts, each completion the whole list.
func completeList(toComplete string, words []string) []cobra.Completion {
	head, last := "", toComplete
	if i := strings.LastIndex(toComplete, ","); i >= 0 {
		head, last = toComplete[:i+1], toComplete[i+1:]
	}
	var out []cobra.Completion
	for _, w := range words {
		if strings.HasPrefix(w, last) {
			out = append(out, head+w)
		}
	}
	return out
}

// registerCompletions attaches the value completions to the flags of the
// tree that have them, by name, wherever they are declared.
func registerCompletions(c *cobra.Command) {
	funcs := map[string]cobra.CompletionFunc{
		"policy":          completePolicies,
		"vs":              completePolicies,
		"ladder-policies": completePolicies,
		"from":            completeFrom,
		"preset":          completeWords(evolve.PresetNames),
		"search":          completeWords(evolve.SearchNames),
	}
	for name, f := range funcs {
		if c.Flags().Lookup(name) != nil {
			// Fails only for a flag registered twice, which this walk
			// never does.
			_ = c.RegisterFlagCompletionFunc(name, f)
		}
	}
	for _, sub := range c.Commands() {
		registerCompletions(sub)
	}
}

// completionExamples gives cobra's completion commands, which it builds
// without any, their examples.
func completionExamples(root *cobra.Command) {
	examples := map[string]string{
		"completion": "  darwinsim completion bash > ~/.local/share/bash-completion/completions/darwinsim",
		"bash":       "  darwinsim completion bash > ~/.local/share/bash-completion/completions/darwinsim\n  source <(darwinsim completion bash)",
		"zsh":        "  darwinsim completion zsh > \"${fpath[1]}/_darwinsim\"",
		"fish":       "  darwinsim completion fish > ~/.config/fish/completions/darwinsim.fish",
		"powershell": "  darwinsim completion powershell | Out-String | Invoke-Expression",
	}
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = examples[c.Name()]
		for _, sub := range c.Commands() {
			sub.Example = examples[sub.Name()]
		}
	}
}
