/**
 * `sheetspec --version`: sheetspec's version and the two engines a spec's numbers depend on (HyperFormula,
 * the oracle; JSONata, the runtime), read from their package.json files. Nothing is loaded to learn them:
 * the engines' versions are in the files npm installed, and loading HyperFormula costs a second.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `sheetspec 0.1.0 (HyperFormula 3.5.0, JSONata 2.2.2)`. */
export function versionText(): string {
  // src/cli/version.ts and dist/cli/version.js both sit two folders below the package root.
  const own = readVersion(fileURLToPath(new URL('../../package.json', import.meta.url)));
  return `sheetspec ${own} (HyperFormula ${dependencyVersion('hyperformula')}, JSONata ${dependencyVersion('jsonata')})`;
}

function readVersion(file: string): string {
  try {
    const v = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A dependency's version from its package.json, found by resolving its entry point (resolution reads no
 * code) and walking up to the folder named after it: HyperFormula's `exports` map does not export
 * `./package.json`, so it cannot be resolved directly.
 */
function dependencyVersion(name: string): string {
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve(name));
  } catch {
    return 'not installed';
  }
  while (path.basename(dir) !== name && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return readVersion(path.join(dir, 'package.json'));
}
