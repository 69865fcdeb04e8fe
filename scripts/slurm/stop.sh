#!/usr/bin/env bash
# Stops the test cluster that scripts/slurm/start.sh STATE_DIR started:
# cancels its jobs, then stops slurmd, slurmctld and munged by the PIDs in
# their pid files under STATE_DIR (a PID counts only while its process's
# command line names STATE_DIR, so a reused PID is left alone), waiting for
# each to exit. Whatever did not start is skipped, so it may run after a
# start that failed half-way, or twice. STATE_DIR itself is left as it is
# (its logs may be wanted).
#
# Usage: scripts/slurm/stop.sh STATE_DIR
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: $0 STATE_DIR" >&2
	exit 2
fi
state=$(cd "$1" && pwd)

# ours PIDFILE prints the PID in PIDFILE if that process runs with STATE_DIR
# on its command line.
ours() {
	local pid
	[ -s "$1" ] || return 1
	pid=$(tr -dc 0-9 <"$1")
	[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$state/" || return 1
	echo "$pid"
}

# stop NAME PIDFILE sends SIGTERM, waits up to 15 s, then sends SIGKILL.
stop() {
	local pid
	pid=$(ours "$2") || return 0
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 1 150); do
		[ -d "/proc/$pid" ] || return 0
		sleep 0.1
	done
	echo "slurm/stop: $1 ($pid) did not stop in 15 s: killed" >&2
	kill -KILL "$pid" 2>/dev/null || true
}

if [ -f "$state/env" ] && ours "$state/slurmctld.pid" >/dev/null; then
	# shellcheck source=/dev/null
	. "$state/env"
	scancel --full --quiet --partition=test 2>/dev/null || true
	for _ in $(seq 1 100); do
		[ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
		sleep 0.2
	done
fi
stop slurmd "$state/slurmd.pid"
stop slurmctld "$state/slurmctld.pid"
stop munged "$state/munge/munged.pid"
echo "slurm/stop: the cluster of $state is stopped"
