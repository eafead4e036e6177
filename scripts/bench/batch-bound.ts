/**
 * `npx tsx scripts/bench/batch-bound.ts [--files 25] [--reps 3]`
 *
 * Where batch scaling (`--jobs 2` against `--jobs 1`, 50 copies of the 1k wide bench workbook) is bounded on
 * this machine. Each rep runs, one after the other, the conversions of scripts/bench/convert-many.ts (the built
 * library, the oracle in line, as a batch worker runs them) three ways:
 *
 * - `lone`: 2 × `--files` files in one process with V8's default threads: what `--jobs 1` does (one
 *   conversion thread; V8's helper threads, garbage collection and optimising compilation, on the idle core);
 * - `single`: `--files` files in one `--single-threaded` process alone;
 * - `pair`: two such processes at once: what `--jobs 2` does (src/cli/batch/pool.ts starts its processes so).
 *
 * Of each process's per-file times it prints the steady time per file (the median of the second half) and
 * the warm-up (the sum less the files times the steady time: loading and compiling on first use, and V8
 * optimising the code a conversion runs, which every new process pays again). Then the ratio these imply,
 * (lone warm-up + 50 × lone steady) / (pair warm-up + 25 × pair steady), and the pair's steady time per file
 * that 1.6× would need at the measured warm-ups. Process start (node and module loading) is left out: it
 * is paid once in either batch. Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { files: { type: 'string', default: '25' }, reps: { type: 'string', default: '3' } },
});
const files = Math.max(4, Number(args.files));
const reps = Math.max(1, Number(args.reps));
const script = path.join(import.meta.dirname, 'convert-many.ts');

interface Run {
  /** Steady time per file (ms): the median of the second half. */
  steady: number;
  /** Warm-up (ms): the sum of the file times less `files × steady`. */
  warmup: number;
  total: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** One convert-many process of `n` files; its per-file times summarised. */
function convertMany(n: number, flags: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...flags, '--import', 'tsx', script, '--files', String(n), '--json'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`convert-many exited ${code}`));
      const ms = (JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number[] }).ms;
      const steady = median(ms.slice(ms.length >> 1));
      const total = ms.reduce((a, b) => a + b, 0);
      resolve({ steady, warmup: total - ms.length * steady, total });
    });
  });
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (name: string, r: Run, n: number) =>
  `  ${name.padEnd(12)} ${String(n).padStart(3)} files: ${fmt(r.total)}, steady ${r.steady.toFixed(0)} ms a file, warm-up ${fmt(r.warmup)}`;

const implied: number[] = [];
const needed: number[] = [];
for (let rep = 1; rep <= reps; rep++) {
  console.log(`rep ${rep}/${reps}`);
  const lone = await convertMany(2 * files, []);
  console.log(line('lone', lone, 2 * files));
  const single = await convertMany(files, ['--single-threaded']);
  console.log(line('single', single, files));
  const pair = await Promise.all([0, 1].map(() => convertMany(files, ['--single-threaded'])));
  for (const [i, r] of pair.entries()) console.log(line(`pair ${i + 1}/2`, r, files));
  const jobs1 = lone.warmup + 2 * files * lone.steady;
  const jobs2 = Math.max(...pair.map((r) => r.warmup + files * r.steady));
  const warmup2 = Math.max(...pair.map((r) => r.warmup));
  implied.push(jobs1 / jobs2);
  needed.push((jobs1 / 1.6 - warmup2) / files);
  console.log(
    `  implied --jobs 2 / --jobs 1: ${(jobs1 / jobs2).toFixed(2)}×; 1.6× would need the pair at ${needed.at(-1)!.toFixed(0)} ms a file (lone steady ${lone.steady.toFixed(0)}, single alone ${single.steady.toFixed(0)})`,
  );
}
console.log(
  `median of ${reps}: implied ${median(implied).toFixed(2)}×; 1.6× needs the pair's steady time at ${median(needed).toFixed(0)} ms a file`,
);
