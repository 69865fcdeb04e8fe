#!/usr/bin/env bash
# Submits darwinsim's islands to Slurm; written by
#   darwinsim slurm evolve --islands 4 --out '/shared/runs/it'\''s a "run"' --darwinsim /opt/darwinsim/bin/darwinsim --cpus-per-task 2 --time 1-00:00 --partition long --preset default -q --pop 64 --from=war,whist --seed 7
# Run it unchanged where sbatch works (bash submit.sh). It submits
#  1. one job of 4 tasks started together, each an island; they are sent
#     SIGTERM 120 s before the time limit, stop at a generation boundary,
#     and the job requeues itself to continue;
#  2. a job that runs once every island has succeeded.
# It prints the two job ids. Logs: the directory's slurm/.
set -euo pipefail

dir='/shared/runs/it'\''s a "run"'
mkdir -p -- "$dir/slurm"

islands=$(sbatch --parsable --job-name=darwinsim-islands --ntasks=4 \
	--cpus-per-task=2 --time=1-00:00 --signal=TERM@120 --requeue --open-mode=append --partition=long \
	--output="$dir/slurm/islands-%j.out" <<'BATCH'
#!/bin/bash
# Each task's exit: 0 done, 1 stopped by SIGTERM (evolve's 130), 2 failed;
# srun exits with the highest.
set -uo pipefail
rc=0
srun --label --cpus-per-task=2 bash -c 'trap : TERM; "$@" --island "$SLURM_PROCID"; case $? in 0) exit 0 ;; 130) exit 1 ;; *) exit 2 ;; esac' task \
	/opt/darwinsim/bin/darwinsim evolve --islands 4 --exchange '/shared/runs/it'\''s a "run"' --preset=default --quiet --pop=64 --from=war,whist --seed=7 --workers=2 || rc=$?
if [ "$rc" -eq 1 ]; then
	echo "islands stopped before the time limit: requeueing job $SLURM_JOB_ID to continue"
	scontrol requeue "$SLURM_JOB_ID"
fi
exit "$rc"
BATCH
)
islands=${islands%%;*}
echo "islands: job $islands"

after=$(sbatch --parsable --job-name=darwinsim-merge --ntasks=1 \
	--dependency=afterok:"$islands" --kill-on-invalid-dep=yes \
	--cpus-per-task=2 --time=1-00:00 --partition=long \
	--output="$dir/slurm/merge-%j.out" <<'BATCH'
#!/bin/bash
exec /opt/darwinsim/bin/darwinsim merge '/shared/runs/it'\''s a "run"' --workers=2
BATCH
)
after=${after%%;*}
echo "merge: job $after, once job $islands has succeeded"
