/**
 * Load on demand (src/cli/main.ts): `--help` and `--version` load none of the heavy packages, a command loads
 * what it needs (the check that the trace sees them at all), and `convert` of one file loads the engines only
 * in its conversion worker, not in the main thread (src/pipeline/light.ts). The built command, traced by a
 * module hook that names the thread of each load; it runs from its bundle, dist/bundle/ (scripts/bundle.ts),
 * in every thread. The conversion's and the oracle's workers run one CommonJS body each with its packages
 * inside (src/workers/code-cache.ts), which no hook sees: what such a thread loads is read from the body,
 * where esbuild names each bundled file in a `// node_modules/...` line.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root, sheetspec } from './built.js';

// The engines, and what only a batch needs (globbing, the progress bar): a one-file `convert` loads none of them
// in its main thread.
const HEAVY = [
  'hyperformula',
  'exceljs',
  'jsonata',
  'ajv',
  '@modelcontextprotocol/sdk',
  'tinyglobby',
  'cli-progress',
];
const trace = path.join(import.meta.dirname, 'trace-loads.mjs');
const out = mkdtempSync(path.join(os.tmpdir(), 'sheetspec-startup-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * The heavy packages each thread of `sheetspec ...args` loaded: `main`, and all workers as `workers`; and
 * whether any thread loaded HyperFormula's ES modules (src/oracle/hf.ts loads its CommonJS build only).
 */
function heavyLoaded(
  args: string[],
): Promise<{ main: string[]; workers: string[]; hyperFormulaEs?: boolean }> {
  return traced(args).then((loads) => {
    const heavyIn = (inThread: (t: string) => boolean) =>
      HEAVY.filter((p) => loads.some(([, t, u]) => inThread(t!) && u!.includes(`/node_modules/${p}/`)));
    const loaded = { main: heavyIn((t) => t === 'main'), workers: heavyIn((t) => t.startsWith('worker')) };
    const es = loads.some(([, , u]) => u!.includes('/node_modules/hyperformula/es/'));
    return es ? { ...loaded, hyperFormulaEs: true } : loaded;
  });
}

/**
 * Every module load of `sheetspec ...args`, as `['LOAD', thread, url]`; a code-cached body's bundled files
 * count as loaded by the thread that ran the body.
 */
function traced(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string[][]> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', trace, bin, ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (_e, _out, stderr) => {
        const loads = String(stderr)
          .split('\n')
          .filter((l) => l.startsWith('LOAD '))
          .map((l) => l.split(' '));
        resolve([...loads, ...loads.flatMap(([, t, u]) => bodyLoads(t!, u!))]);
      },
    );
  });
}

/** The files bundled into the CommonJS body that the module at `url` runs, if it is a body's entry. */
function bodyLoads(thread: string, url: string): string[][] {
  const body = url.startsWith('file:') ? fileURLToPath(url).replace(/\.js$/, '.cjs') : '';
  if (!body.includes(`${path.sep}dist${path.sep}bundle${path.sep}`) || !existsSync(body)) return [];
  return [...readFileSync(body, 'utf8').matchAll(/^\/\/ (node_modules\/\S+)$/gm)].map((m) => [
    'LOAD',
    thread,
    pathToFileURL(path.join(root, m[1]!)).href,
  ]);
}

/** Our own modules a thread loaded from dist/ outside the bundle (scripts/bundle.ts). */
function unbundled(loads: string[][]): string[] {
  const dist = `${pathToFileURL(path.join(root, 'dist')).href}/`;
  return loads
    .filter(([, , u]) => u!.startsWith(dist) && !u!.startsWith(`${dist}bundle/`))
    .map(([, , u]) => u!);
}

describe('sheetspec loads only what the command uses', () => {
  it.each([['--help'], ['--version'], ['help']])('%s loads no engine', async (arg) => {
    expect(await heavyLoaded([arg])).toEqual({ main: [], workers: [] });
  });

  it('a command still loads its engines (the trace sees them)', async () => {
    expect((await heavyLoaded(['eval', '1+1'])).main).toContain('jsonata');
  });

  it('convert of one file loads the engines in its worker only, none in the main thread', async () => {
    const loaded = await heavyLoaded([
      'convert',
      'examples/orders.xlsx',
      '-o',
      path.join(out, 'o.spec.json'),
    ]);
    expect(loaded.main).toEqual([]);
    expect(loaded.workers).toEqual(expect.arrayContaining(['hyperformula', 'jsonata']));
    // exceljs is a dev dependency (it writes the test and fixture workbooks): the reader must not load it.
    expect(loaded.workers).not.toContain('exceljs');
    // Nor does verification need the spec validator (src/pipeline/verify/verify-spec.ts imports the modelspec modules it runs).
    expect(loaded.workers).not.toContain('ajv');
    expect(loaded.hyperFormulaEs).toBeUndefined();
  });

  it('the conversion worker runs its body with the code cache the build wrote', async () => {
    const run = await sheetspec(
      ['convert', 'examples/orders.xlsx', '-o', path.join(out, 'c.spec.json')],
      root,
      {
        SHEETSPEC_CODE_CACHE: 'report',
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('sheetspec: code cache pipeline.convert-worker.cjs: used');
  });

  it("the oracle's worker runs its body with the code cache the build wrote", async () => {
    const pipeline = pathToFileURL(path.join(root, 'dist/bundle/pipeline.index.js')).href;
    const script = `const { readFileSync } = await import('node:fs');
const { convert } = await import(${JSON.stringify(pipeline)});
const bytes = readFileSync('examples/orders.xlsx');
const r = await convert(bytes, { filename: 'orders.xlsx', isolation: 'worker', oracleThread: true });
if (!r.valid) process.exit(3);`;
    const stderr = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: root, env: { ...process.env, SHEETSPEC_CODE_CACHE: 'report' } },
        (e, _o, err) => resolve(`${e ? `exit ${e.code}\n` : ''}${err}`),
      );
    });
    expect(stderr).toContain('sheetspec: code cache oracle.oracle-worker.cjs: used');
    expect(stderr).not.toContain('exit');
  });

  it('the built command runs its bundle, and so do the workers it starts', async () => {
    const loads = await traced(['convert', 'examples/orders.xlsx', '-o', path.join(out, 'b.spec.json')]);
    expect(loads.some(([, t, u]) => t === 'main' && u!.endsWith('/dist/bundle/cli.main.js'))).toBe(true);
    expect(loads.some(([, t, u]) => t!.startsWith('worker') && u!.includes('/dist/bundle/'))).toBe(true);
    expect(unbundled(loads)).toEqual([]);
  });
});
