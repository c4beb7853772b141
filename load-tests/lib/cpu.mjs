// Where the CPU went during a phase, from /proc (Linux): the server process, every PostgreSQL
// process, the load generators (this driver, its helper processes, k6), and the whole machine.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of one /proc/<pid>/stat line, in seconds. */
function processSeconds(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function parentOf(stat) {
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * cutime + cstime: CPU of the process's children that have ended. PostgreSQL backends that close
 * during a phase (idle pool connections) are reaped by the postmaster, so counting this keeps the
 * PostgreSQL total from going backwards.
 */
function endedChildrenSeconds(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds used so far by the server process, by PostgreSQL (the postmaster `postgresPid` and
 * its backends; every PostgreSQL process on the machine when it is not given), by the load
 * generators (this process and `loadPids`), and by the machine as a whole.
 */
export function cpuSnapshot(serverPid, loadPids = [], postgresPid = null) {
  const load = new Set(loadPids);
  let postgres = 0;
  let server = 0;
  let driver = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (pid === serverPid) server = processSeconds(stat);
      else if (stat.includes('(postgres)') && (postgresPid === null || pid === postgresPid || parentOf(stat) === postgresPid))
        postgres += processSeconds(stat) + endedChildrenSeconds(stat);
      else if (load.has(pid)) driver += processSeconds(stat);
    } catch {
      // the process ended while we looked
    }
  }
  const usage = process.cpuUsage();
  driver += (usage.user + usage.system) / 1e6;
  const machineFields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = machineFields[3] + machineFields[4];
  const busy = machineFields.reduce((sum, value) => sum + value, 0) - idle;
  return { at: performance.now(), server, postgres, driver, machineBusy: busy / TICKS_PER_SECOND };
}

/**
 * Share of one core each part used between two snapshots, and CPU milliseconds per accepted bid
 * (`accepted`: bids accepted in the window between the snapshots; null leaves per-bid figures out).
 */
export function cpuBetween(before, after, accepted) {
  const seconds = (after.at - before.at) / 1000;
  const part = (key) => after[key] - before[key];
  const share = (key) => Math.round((part(key) / seconds) * 100);
  const perBid = (key) => (accepted > 0 ? Number(((part(key) * 1000) / accepted).toFixed(3)) : null);
  return {
    seconds: Number(seconds.toFixed(1)),
    coresPercent: { server: share('server'), postgres: share('postgres'), driver: share('driver'), machine: share('machineBusy') },
    cpuMsPerBid: { server: perBid('server'), postgres: perBid('postgres'), driver: perBid('driver') },
  };
}

/** CPU seconds used so far by one process (0 once it has gone). */
export function processCpuSeconds(pid) {
  try {
    return processSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}
