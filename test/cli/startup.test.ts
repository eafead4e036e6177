/**
 * Load on demand (src/cli/main.ts): `--help` and `--version` load none of the heavy packages, and a command
 * loads what it needs (the check that the trace sees them at all). The built command, traced by a module hook.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, root } from './built.js';

const HEAVY = ['hyperformula', 'exceljs', 'jsonata', '@modelcontextprotocol/sdk'];
const trace = path.join(import.meta.dirname, 'trace-loads.mjs');

/** The heavy packages `sheetspec ...args` loaded. */
function heavyLoaded(args: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', trace, bin, ...args], { cwd: root }, (_e, _out, stderr) => {
      const urls = String(stderr)
        .split('\n')
        .filter((l) => l.startsWith('LOAD '));
      resolve(HEAVY.filter((p) => urls.some((u) => u.includes(`/node_modules/${p}/`))));
    });
  });
}

describe('sheetspec loads only what the command uses', () => {
  it.each([['--help'], ['--version'], ['help']])('%s loads no engine', async (arg) => {
    expect(await heavyLoaded([arg])).toEqual([]);
  });

  it('a command still loads its engines (the trace sees them)', async () => {
    expect(await heavyLoaded(['eval', '1+1'])).toContain('jsonata');
  });
});
