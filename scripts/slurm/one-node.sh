#!/usr/bin/env bash
# one-node.sh starts or stops a one-node Slurm cluster on this machine, for
# the tests of the job-array scripts beside it (paper/reproduce's
# slurm_test.go): munged with its own key, socket, pid, log and seed files,
# and slurmctld and slurmd with a slurm.conf, all in DIR. No systemd, and
# nothing outside DIR is written; stop ends each daemon by the pid in its
# pid file.
#
#	one-node.sh start DIR   write DIR/slurm.conf, start the daemons and wait
#	                        for the node to be idle; then
#	                        SLURM_CONF=DIR/slurm.conf sbatch ... submits to it
#	one-node.sh stop DIR    cancel the cluster's jobs and stop the daemons
#
# It needs Debian's slurm-wlm and munge (apt-get install slurm-wlm munge)
# and root, as slurmd runs jobs as their users. The ports are
# $SLURMCTLD_PORT and $SLURMD_PORT (default 6917 and 6918); the node has
# $SLURM_CPUS CPUs (default: nproc).
set -euo pipefail

usage() {
	echo "usage: $0 start|stop DIR" >&2
	exit 2
}
[ $# -eq 2 ] || usage
cmd=$1
dir=$2

# stop_pid ends the daemon whose pid is in file $1: TERM, then KILL after
# ten seconds.
stop_pid() {
	local f=$1 pid
	[ -s "$f" ] || return 0
	pid=$(cat "$f")
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 100); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	echo "$0: $f: pid $pid did not stop on TERM; killing it" >&2
	kill -KILL "$pid" 2>/dev/null || true
}

case $cmd in
start)
	for c in munged slurmctld slurmd sinfo; do
		command -v "$c" >/dev/null 2>&1 || {
			echo "$0: $c not found; apt-get install slurm-wlm munge" >&2
			exit 1
		}
	done
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	chmod 0700 "$dir"
	mkdir -p "$dir/state" "$dir/spool"
	# munged wants a key only its user can read.
	head -c 1024 /dev/urandom >"$dir/munge.key"
	chmod 0400 "$dir/munge.key"
	munged --force --key-file="$dir/munge.key" --socket="$dir/munge.socket" \
		--pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munged.seed"
	host=$(hostname -s)
	cat >"$dir/slurm.conf" <<CONF
ClusterName=onenode
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=${SLURMCTLD_PORT:-6917}
SlurmdPort=${SLURMD_PORT:-6918}
ReturnToService=2
KillWait=10
NodeName=$host CPUs=${SLURM_CPUS:-$(nproc)} State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF=$dir/slurm.conf
	slurmctld -f "$SLURM_CONF"
	slurmd -f "$SLURM_CONF"
	for _ in $(seq 300); do
		state=$(sinfo -h -o %T 2>/dev/null || true)
		if [ "$state" = idle ]; then
			echo "$0: one-node cluster up: SLURM_CONF=$SLURM_CONF"
			exit 0
		fi
		sleep 0.2
	done
	echo "$0: the node is not idle after 60 s (state: ${state:-none}); logs in $dir" >&2
	exit 1
	;;
stop)
	[ -d "$dir" ] || exit 0
	if [ -s "$dir/slurmctld.pid" ] && command -v scancel >/dev/null 2>&1; then
		SLURM_CONF=$dir/slurm.conf scancel --user="$(id -un)" 2>/dev/null || true
	fi
	stop_pid "$dir/slurmd.pid"
	stop_pid "$dir/slurmctld.pid"
	stop_pid "$dir/munged.pid"
	;;
*)
	usage
	;;
esac
