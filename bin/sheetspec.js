#!/usr/bin/env node
// Entry point: runs the compiled CLI. `npm ci` builds dist/ through the `prepare` script.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('sheetspec: dist/ is missing; run `npm run build` (npm ci does it for you)\n');
  process.exit(2);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
