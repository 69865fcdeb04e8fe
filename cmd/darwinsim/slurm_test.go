package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestSlurmScriptGolden: the script written for fixed inputs, with an
// odd directory name and evolve flags in several spellings, is the golden
// one, and bash parses it.
func TestSlurmScriptGolden(t *testing.T) {
	code, out, e := runCLI(t, "slurm", "evolve", "--islands", "4", "--out", `/shared/runs/it's a "run"`,
		"--darwinsim", "/opt/darwinsim/bin/darwinsim", "--cpus-per-task", "2", "--time", "1-00:00",
		"--partition", "long", "--preset", "default", "-q", "--pop", "64", "--from=war,whist", "--seed", "7")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, e)
	}
	testkit.Golden(t, filepath.Join("testdata", "golden", "slurm-evolve.sh"), []byte(out))
	if _, err := exec.LookPath("bash"); err == nil {
		if msg, err := exec.Command("bash", "-n", "-c", out).CombinedOutput(); err != nil {
			t.Errorf("bash -n: %v\n%s", err, msg)
		}
	}
}

// TestSlurmEvolveFlags: the evolve flags reach the islands in order, as
// --name=value; --workers defaults to --cpus-per-task; the directory, the
// binary and the workers are the merge job's too, and --report is the
// merge's alone.
func TestSlurmEvolveFlags(t *testing.T) {
	code, out, e := runCLI(t, "slurm", "evolve", "--generations", "9", "--islands", "3", "--exchange", "d",
		"--darwinsim", "bin/ds", "--workers", "5", "--report")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, e)
	}
	abs, err := filepath.Abs("bin/ds")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\t" + abs + " evolve --islands 3 --exchange d --generations=9 --workers=5 || rc=$?\n",
		"exec " + abs + " merge d --workers=5 --report\n",
		"--ntasks=3 \\\n\t--cpus-per-task=1 --time=01:00:00 --signal=TERM@120 --requeue --open-mode=append \\\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the script has no %q:\n%s", want, out)
		}
	}
	if code, out, _ := runCLI(t, "slurm", "evolve", "--help"); code != exitOK || !strings.Contains(out, "--islands") || !strings.Contains(out, "--generations") {
		t.Errorf("slurm evolve --help: exit %d:\n%s", code, out)
	}
}

// TestSlurmUsage: mistakes in the flags, this command's and evolve's, are
// usage errors that write no script.
func TestSlurmUsage(t *testing.T) {
	ok := []string{"--islands", "2", "--out", "d"}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--out", "d"}, "--islands is required"},
		{[]string{"--islands", "2"}, "--out (or --exchange) is required"},
		{[]string{"--islands", "0", "--out", "d"}, "--islands must be at least 1, got 0"},
		{append([]string{"--out", "e"}, ok...), ""},
		{append([]string{"--exchange", "e"}, ok...), "--out and --exchange are the same directory"},
		{append([]string{"--pop", "many"}, ok...), `invalid argument "many" for "--pop" flag`},
		{append([]string{"--bogus"}, ok...), "unknown flag: --bogus"},
		{append([]string{"--resume", "runs/a"}, ok...), "--resume: the islands continue"},
		{append([]string{"war"}, ok...), `slurm evolve takes flags only, got the argument(s) ["war"]`},
		{append([]string{"--time", "2:00"}, ok...), "--time 2:00 leaves no time"},
		{append([]string{"--time", "1h"}, ok...), `--time "1h" is not a Slurm time`},
		{append([]string{"--cpus-per-task", "0"}, ok...), "--cpus-per-task must be at least 1"},
		{[]string{"--islands", "2", "--out", "runs/%j"}, "--out runs/%j: Slurm takes % and \\ in its log paths"},
		{append([]string{"--partition", "a\nb"}, ok...), `an argument holds a line break or NUL, which a batch script cannot carry: "a\nb"`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, e := runCLI(t, append([]string{"slurm", "evolve"}, c.args...)...)
			if c.want == "" { // --out twice: the last one counts
				if code != exitOK || !strings.Contains(out, "\ndir=d\n") {
					t.Errorf("exit %d, stderr %q, script:\n%s", code, e, out)
				}
				return
			}
			if code != exitUsage || out != "" || !strings.HasPrefix(e, "darwinsim: "+c.want) || !pointsToHelp(e) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, e, c.want)
			}
		})
	}
}

// TestShellQuote: bash reads every quoted word back as it was.
func TestShellQuote(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	words := []string{"", "plain/path-1.2", "it's", `"double"`, "a b\tc", "$HOME", "`x`", "!x", "\\", "''", "é*?[a]", "~", "a;b|c&d", "%j"}
	out, err := exec.Command("bash", "-c", `printf '%s\0' `+shellWords(words)).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if strings.Join(got, "|") != strings.Join(words, "|") || len(got) != len(words) {
		t.Errorf("bash read back %q\nwant %q", got, words)
	}
	if q := shellQuote("/opt/x/darwinsim"); q != "/opt/x/darwinsim" {
		t.Errorf("a plain path is quoted: %s", q)
	}
}

// TestSlurmJob (make slurm-test, on the single-node cluster that
// scripts/slurm/test.sh starts): the script of darwinsim slurm evolve,
// run as it is, submits a run of 4 islands as one job of 4 tasks, and
// the merge job after it; the merged run's files are the bytes of the
// same run in one process (evolve --islands 4 --out), but for
// provenance.json and timings.json. The run's directory has a name that
// needs quoting.
func TestSlurmJob(t *testing.T) {
	if os.Getenv("SLURM_TEST") != "1" || os.Getenv("SLURM_CONF") == "" {
		t.Skip("needs a Slurm cluster: SLURM_TEST=1 and SLURM_CONF (make slurm-test)")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	dir := filepath.Join(work, `run "it's"`)
	run := []string{"--islands", "4", "--pop", "12", "--generations", "6", "--games", "40", "--skill-games", "20", "--migrate-every", "2", "--seed", "11"}
	code, script, e := runCLI(t, append([]string{"slurm", "evolve", "--out", dir, "--darwinsim", self, "--time", "5:00"}, run...)...)
	if code != exitOK {
		t.Fatalf("slurm evolve: exit %d: %s", code, e)
	}
	sh := exec.Command("bash", "-c", script)
	sh.Dir = work
	sh.Env = append(os.Environ(), "DARWINSIM_TEST_AS_CLI=1")
	start := time.Now()
	out, err := sh.CombinedOutput()
	if err != nil {
		t.Fatalf("the script failed: %v\n%s", err, out)
	}
	ids := regexp.MustCompile(`(?m)^islands: job (\d+)\nmerge: job (\d+), once job (\d+) has succeeded$`).FindStringSubmatch(string(out))
	if ids == nil || ids[1] != ids[3] {
		t.Fatalf("the script printed no job ids:\n%s", out)
	}
	for {
		q, err := exec.Command("squeue", "-h", "-o", "%i %T %r", "-j", ids[1]+","+ids[2]).Output()
		if err != nil {
			t.Fatalf("squeue: %v", err)
		}
		if len(bytes.TrimSpace(q)) == 0 {
			break
		}
		if time.Since(start) > 4*time.Minute {
			t.Fatalf("the jobs are still queued after 4 minutes:\n%s", q)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("jobs %s and %s done in %v", ids[1], ids[2], time.Since(start).Round(time.Millisecond))
	logs := func() string {
		var b strings.Builder
		for _, name := range []string{"islands-" + ids[1] + ".out", "merge-" + ids[2] + ".out"} {
			data, err := os.ReadFile(filepath.Join(dir, "slurm", name))
			b.WriteString("--- " + name + "\n" + string(data))
			if err != nil {
				b.WriteString(err.Error() + "\n")
			}
		}
		return b.String()
	}
	local := filepath.Join(work, "local")
	if code, _, e := runCLI(t, append([]string{"evolve", "--out", local, "-q"}, run...)...); code != exitOK {
		t.Fatalf("the run in one process: exit %d: %s", code, e)
	}
	entries, err := os.ReadDir(local)
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, f := range entries {
		if !f.Type().IsRegular() || f.Name() == evolve.ProvenanceFile || f.Name() == evolve.TimingsFile {
			continue
		}
		want, _ := os.ReadFile(filepath.Join(local, f.Name()))
		got, err := os.ReadFile(filepath.Join(dir, f.Name()))
		switch {
		case err != nil:
			t.Errorf("the merged run has no %s: %v\n%s", f.Name(), err, logs())
		case !bytes.Equal(got, want):
			t.Errorf("the merged run's %s differs from the run in one process's", f.Name())
		}
		compared++
	}
	if compared < 10 {
		t.Errorf("only %d run files compared", compared)
	}
	// The jobs' logs are where the script puts them, without an error.
	if l := logs(); strings.Contains(l, "no such file") || strings.Contains(l, "error") || !strings.Contains(l, "island 3: finished generation 6") {
		t.Errorf("the jobs' logs:\n%s", l)
	}
}
