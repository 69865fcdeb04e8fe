#!/usr/bin/env bash
# Starts a single-node Slurm cluster for tests, from Debian's slurm-wlm and
# munge packages, with everything it writes under STATE_DIR: a munge key
# and daemon of its own (its own socket), then slurmctld and slurmd with a
# configuration written there (absolute -f paths, since the daemons change
# directory). The node declares 4 CPUs whatever the machine has
# (SlurmdParameters=config_overrides), so that 4 islands fit on 2 cores.
# No cgroups, no accounting, no systemd; it runs as root, as the daemons'
# SlurmUser is root.
#
# Clients find the cluster through SLURM_CONF, which STATE_DIR/env
# exports: `. STATE_DIR/env; sbatch ...`. scripts/slurm/stop.sh STATE_DIR
# stops it. Ports: SLURM_TEST_PORT (default 16817) for slurmctld and the
# next one for slurmd, away from Slurm's defaults (6817, 6818).
#
# Usage: scripts/slurm/start.sh STATE_DIR   (an empty directory; make slurm-test)
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: $0 STATE_DIR" >&2
	exit 2
fi
for tool in munged munge unmunge runuser slurmctld slurmd sinfo scontrol; do
	if ! PATH="$PATH:/usr/sbin:/sbin" command -v "$tool" >/dev/null 2>&1; then
		echo "slurm/start: $tool is not installed (apt-get install slurm-wlm munge)" >&2
		exit 1
	fi
done
PATH="$PATH:/usr/sbin:/sbin"
if [ "$(id -u)" -ne 0 ]; then
	echo "slurm/start: must run as root (the daemons run as root and munge)" >&2
	exit 1
fi
state=$(cd "$1" && pwd)
if [ -n "$(ls -A "$state")" ]; then
	echo "slurm/start: $state is not empty" >&2
	exit 1
fi
ctld_port=${SLURM_TEST_PORT:-16817}
slurmd_port=$((ctld_port + 1))
host=$(hostname -s)
cpus=4

# munge: a key of our own and a daemon run as the munge user (it refuses
# root), whose files live in a directory only it may write (clients need
# to reach its socket there).
chmod 0755 "$state"
m=$state/munge
mkdir -m 0755 "$m"
dd if=/dev/urandom of="$m/munge.key" bs=1024 count=1 status=none
chmod 0400 "$m/munge.key"
chown -R munge:munge "$m"
runuser -u munge -- munged --socket="$m/munge.socket" --key-file="$m/munge.key" \
	--pid-file="$m/munged.pid" --log-file="$m/munged.log" --seed-file="$m/munged.seed"
if ! munge --socket="$m/munge.socket" -n | unmunge --socket="$m/munge.socket" >/dev/null; then
	echo "slurm/start: munge does not work; its log:" >&2
	cat "$m/munged.log" >&2 || true
	exit 1
fi

mkdir -p "$state/ctld" "$state/slurmd" "$state/log"
conf=$state/slurm.conf
cat >"$conf" <<EOF
ClusterName=darwinsim-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$m/munge.socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
SchedulerParameters=sched_interval=2
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
printf 'export SLURM_CONF=%q\n' "$conf" >"$state/env"
export SLURM_CONF=$conf

slurmctld -f "$conf"
slurmd -f "$conf"

# Ready when the node takes jobs: idle, with its 4 CPUs.
for _ in $(seq 1 100); do
	if [ "$(sinfo -h -n "$host" -o '%t %c' 2>/dev/null)" = "idle $cpus" ]; then
		echo "slurm/start: node $host up with $cpus CPUs; . $state/env to use it"
		exit 0
	fi
	sleep 0.2
done
echo "slurm/start: the node did not come up in 20 s:" >&2
sinfo -N -l >&2 || true
tail -n 20 "$state/log/slurmctld.log" "$state/log/slurmd.log" >&2 || true
exit 1
