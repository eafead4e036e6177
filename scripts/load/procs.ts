/**
 * What the harness measures about a server process from /proc (Linux): the resident memory of the process and
 * all its descendants (sandbox processes included), and the descendants themselves.
 */
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ")".
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Every live descendant of `root`. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const ppid = parentOf(pid);
    if (ppid === undefined) continue;
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** RSS of `root` and its descendants, MB. */
export function treeRssMb(root: number): number {
  let kb = rssKb(root);
  for (const pid of descendants(root)) kb += rssKb(pid);
  return Math.round(kb / 1024);
}

/** Samples the tree's RSS every `everyMs` until stopped; `peak` is the largest sample. */
export function rssSampler(root: number, everyMs = 100) {
  let peak = treeRssMb(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(root));
  }, everyMs);
  return {
    get peak() {
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}
