#!/usr/bin/env bash
# make slurm-test: starts a single-node Slurm cluster (start.sh) in a new
# temporary directory, runs the Go tests that submit jobs to it
# (SLURM_TEST=1: TestSlurmJob in cmd/darwinsim), and stops the cluster
# (stop.sh) and removes the directory however the tests end. The daemons'
# logs are printed when a test fails.
#
# Usage: scripts/slurm/test.sh   (as root, with slurm-wlm and munge installed)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
GO=${GO:-go}
state=$(mktemp -d "${TMPDIR:-/tmp}/darwinsim-slurm.XXXXXX")
cleanup() {
	scripts/slurm/stop.sh "$state" || true
	rm -rf "$state"
}
trap cleanup EXIT

scripts/slurm/start.sh "$state"
# shellcheck source=/dev/null
. "$state/env"
rc=0
SLURM_TEST=1 "$GO" test -count=1 -timeout 300s -run '^TestSlurmJob$' -v ./cmd/darwinsim || rc=$?
if [ "$rc" -ne 0 ]; then
	tail -n 30 "$state/log/slurmctld.log" "$state/log/slurmd.log" || true
fi
exit "$rc"
