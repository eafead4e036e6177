/**
 * Where the CPU of a run went, from the `.cpuprofile` files of `node --cpu-prof --cpu-prof-dir=DIR ...` (one per
 * thread): self time summed per dependency (a node_modules package), per area of our own code (dist/<area> or
 * src/<area>), Node's module loader and other internals, V8's own work and garbage collection; idle time left
 * out.
 *
 *   npx tsx scripts/bench/profile-summary.ts DIR [--top 12]
 *
 * docs/performance.md quotes it. Self time is sampled (about one sample per millisecond) and includes the
 * profiler's own overhead; compare two runs of the same command, not absolute figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const dir = args[0];
if (!dir) {
  process.stderr.write('usage: profile-summary.ts DIR [--top N]\n');
  process.exit(2);
}
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 12;

/** The bucket a frame's self time counts in. */
function bucket(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 (program: compile, IC, runtime)';
    return `V8 ${functionName || '(anonymous)'}`;
  }
  // jsonata made synchronous for the verifier (src/modelspec/sync.ts) names itself so.
  if (url === 'jsonata-sync.js') return 'pkg jsonata (made synchronous)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  if (url.startsWith('node:'))
    return url.startsWith('node:internal/modules') ? 'node module loader' : 'node internals';
  const own = /\/(dist|src)\/(?:bundle\/)?([^/]+)/.exec(url);
  if (own) return `ours ${own[2]!.replace(/\.js$|\.ts$/, '')}`;
  return `other ${path.basename(url)}`;
}

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const buckets = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const b = bucket(byId.get(id)!.callFrame);
    buckets.set(b, (buckets.get(b) ?? 0) + us);
    total += us;
  }
  const busy = total - (buckets.get('idle') ?? 0);
  process.stdout.write(
    `${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy\n`,
  );
  const rows = [...buckets].filter(([b]) => b !== 'idle').sort((a, b) => b[1] - a[1]);
  for (const [b, us] of rows.slice(0, top)) {
    process.stdout.write(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${b}\n`);
  }
  const rest = rows.slice(top).reduce((s, [, us]) => s + us, 0);
  if (rest > 0) process.stdout.write(`  ${(rest / 1000).toFixed(0).padStart(6)} ms  (the rest)\n`);
}
