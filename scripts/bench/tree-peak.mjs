/**
 * `node scripts/bench/tree-peak.mjs OUT -- command args...`: runs the command, stdio ignored, and writes
 * `{"ms": wall, "status": exit code or null, "peakKib": ...}` to OUT, where `peakKib` is the largest sum of the
 * resident sets of the command and all its descendants, read from /proc every 20 ms. What it is for: a
 * `sheetspec convert` that relaunches itself (src/cli/relaunch.ts) is two processes, and GNU time's `%M` gives
 * the largest single process, not the two together. Linux only (`peakKib` is null elsewhere). Plain JavaScript
 * so that it starts at once; the wall time is its own measurement of the command, not of this script.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [out, dashes, exe, ...args] = process.argv.slice(2);
if (!out || dashes !== '--' || !exe) {
  process.stderr.write('usage: node tree-peak.mjs OUT -- command args...\n');
  process.exit(2);
}

/** The pids of `pid` and its descendants (through /proc/PID/task/TID/children). */
function tree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    let tasks;
    try {
      tasks = readdirSync(`/proc/${all[i]}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${all[i]}/task/${t}/children`, 'utf8').split(' ')) {
          if (c.trim() !== '') all.push(Number(c));
        }
      } catch {}
    }
  }
  return all;
}

/** The resident set of `pid` in KiB (VmRSS), 0 when it is gone. */
function rssKib(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const linux = process.platform === 'linux';
let peak = 0;
const t0 = performance.now();
const child = spawn(exe, args, { stdio: 'ignore' });
const sample = () => {
  const sum = tree(child.pid).reduce((s, p) => s + rssKib(p), 0);
  if (sum > peak) peak = sum;
};
const timer = linux ? setInterval(sample, 20) : undefined;
// Stopped from outside (the bench's timeout sends SIGTERM): the command goes with it, and no measurement is written.
process.once('SIGTERM', () => {
  child.kill('SIGKILL');
  process.exit(1);
});
child.on('exit', (status) => {
  const ms = performance.now() - t0;
  clearInterval(timer);
  writeFileSync(out, JSON.stringify({ ms, status, peakKib: linux ? peak : null }));
});
child.on('error', (e) => {
  clearInterval(timer);
  writeFileSync(out, JSON.stringify({ ms: Number.NaN, status: null, peakKib: null, error: e.message }));
});
