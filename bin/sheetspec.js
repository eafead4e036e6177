#!/usr/bin/env node
// Entry point: runs the compiled CLI. `npm ci` builds dist/ through the `prepare` script, and bundles it into
// dist/bundle/ (scripts/bundle.ts), which starts faster: taken when it is there and not older than dist/ (a
// `tsc` run alone leaves it behind).
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
const bundled = new URL('../dist/bundle/cli.main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('sheetspec: dist/ is missing; run `npm run build` (npm ci does it for you)\n');
  process.exit(2);
}
const fresh = (() => {
  try {
    return statSync(bundled).mtimeMs >= statSync(main).mtimeMs;
  } catch {
    return false;
  }
})();
const { run } = await import((fresh ? bundled : main).href);
process.exitCode = await run(process.argv.slice(2));
