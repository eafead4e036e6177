/**
 * One hostile case in its own process, so its peak memory (`process.resourceUsage().maxRSS`, which covers the
 * conversion worker too: threads share the process) is its own. Prints one JSON line per case on stdout.
 *
 *   tsx scripts/hostile/child.ts workbook <file> <timeoutMs> <maxHeapMb>
 *   tsx scripts/hostile/child.ts group <formula|spec|protocol>
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { convert } from '../../src/pipeline/index.js';
import { type ChildLine, rssMb } from './line.js';

async function workbook(file: string, timeoutMs: number, maxHeapMb: number): Promise<void> {
  const bytes = await readFile(file);
  const t0 = performance.now();
  let loadMs = 0;
  const result = await convert(bytes, {
    isolation: 'worker',
    timeoutMs,
    maxHeapMb,
    filename: file,
    onReady: (ms: number) => (loadMs = ms),
  });
  const totalMs = performance.now() - t0;
  const line: ChildLine = {
    code: result.valid ? 'OK' : result.reason,
    // The file's own time: from the worker's `ready` (modules loaded) to the answer.
    ms: totalMs - loadMs,
    loadMs,
    maxRssMb: rssMb(),
    detail: result.valid ? undefined : result.error.slice(0, 300),
    result,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const [mode, arg, a2, a3] = process.argv.slice(2);
if (mode === 'workbook' && arg) {
  await workbook(arg, Number(a2), Number(a3));
} else if (mode === 'group' && arg) {
  const { runGroup } = await import('./groups.js');
  await runGroup(arg, (line) => process.stdout.write(`${JSON.stringify(line)}\n`));
} else {
  process.stderr.write('usage: child.ts workbook <file> <timeoutMs> <maxHeapMb> | group <name>\n');
  process.exitCode = 2;
}
