/**
 * The built command's conversion worker (a bundled body, scripts/bundle.ts) makes and uses the synchronous
 * jsonata (src/modelspec/sync.ts): a profile of its thread shows frames of `jsonata-sync.js`. Why a test of the
 * bundle: in the body, the text standing for `import.meta.url` was once captured by sync.ts's local `require`,
 * the making threw, and the verifier silently kept the asynchronous jsonata.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root } from './built.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sheetspec-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built conversion worker', () => {
  it('evaluates a large table’s derivations with the synchronous jsonata', async () => {
    const prof = path.join(dir, 'prof');
    // 10,000 rows: past SYNC_MIN_ELEMENTS; under 1 MiB, so converted without a relaunch.
    const r = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          `--cpu-prof`,
          `--cpu-prof-dir=${prof}`,
          bin,
          'convert',
          path.join(root, 'fixtures/large-10k.xlsx'),
          '-o',
          path.join(dir, 'out.spec.json'),
        ],
        { cwd: root, env: { ...process.env, CI: '1', SHEETSPEC_RELAUNCH: 'off' } },
        (error, _stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stderr: String(stderr) }),
      );
    });
    expect(r.code, r.stderr).toBe(0);
    const urls = new Set<string>();
    for (const f of readdirSync(prof)) {
      const p = JSON.parse(readFileSync(path.join(prof, f), 'utf8')) as {
        nodes: { callFrame: { url: string } }[];
      };
      for (const n of p.nodes) urls.add(n.callFrame.url);
    }
    expect(urls.has('jsonata-sync.js')).toBe(true);
  });
});
