/**
 * `npx tsx scripts/bench/alloc.ts [--rows 1000] [--files 10] [--warm 5] [--top 30]`
 *
 * What one conversion allocates, and where: the built library's `convert` (dist/, the oracle in line, as a batch
 * worker runs it) of the wide bench workbook, `--warm` times unmeasured, then `--files` times under V8's sampling
 * heap profiler with the objects the collector freed kept in the profile (`includeObjectsCollectedByMajorGC`,
 * `...MinorGC`), so it counts every allocation sampled, not only what survived. Prints MiB per conversion in
 * total, by package or area of our code (as scripts/bench/profile-summary.ts groups them; "(native or
 * generated)" is V8's builtins and code without a file, such as the synchronous jsonata), and by function.
 * Needs `npm run build` first; run it under `node --single-threaded --import tsx` to match a batch process.
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { wideConversion } from './built.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    files: { type: 'string', default: '10' },
    warm: { type: 'string', default: '5' },
    top: { type: 'string', default: '30' },
  },
});
const convert = await wideConversion(Number(args.rows));
for (let i = 0; i < Number(args.warm); i++) await convert(i);

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const files = Math.max(1, Number(args.files));
for (let i = 0; i < files; i++) await convert(i);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
session.disconnect();

const area = (url: string): string => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  const ours = /\/dist\/([^/]+)\//.exec(url);
  if (ours) return `ours ${ours[1]}`;
  return url ? 'other' : '(native or generated)';
};
const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
const walk = (n: SamplingNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  total += n.selfSize;
  byArea.set(area(url), (byArea.get(area(url)) ?? 0) + n.selfSize);
  const name = `${functionName || '(anonymous)'} ${url.replace(/.*\//, '')}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c);
};
walk(profile.head);
const mib = (b: number) => `${(b / files / 2 ** 20).toFixed(2).padStart(8)} MiB`;
console.log(
  `${args.rows} rows (wide), ${files} conversions sampled: ${(total / files / 2 ** 20).toFixed(1)} MiB a conversion`,
);
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1])) console.log(`${mib(v)}  ${k}`);
console.log('by function:');
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
  console.log(`${mib(v)}  ${k}`);
}
