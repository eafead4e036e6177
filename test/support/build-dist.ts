/**
 * The full tier's global setup: builds dist/ and its bundle once per run (`npm run build`), before any file starts, so the
 * tests of the built command (test/cli/built.ts) run what src/ says now and not an older build. Once per run,
 * not per file: a build is about 15 s of CPU. `SHEETSPEC_TEST_BUILD=0` skips it (dist/ as it is, e.g. when
 * running one full-tier file over and over without changing src/).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export default function setup(): void {
  if (process.env.SHEETSPEC_TEST_BUILD === '0') return;
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
    // As `npm run build`: the bundle the built command runs (scripts/bundle.ts).
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bundle.ts'], { cwd: root, encoding: 'utf8' });
  } catch (e) {
    const out = (e as { stdout?: string }).stdout ?? '';
    throw new Error(`the full tier builds dist/ first, and the build failed:\n${out}`);
  }
}
