/**
 * Bundles the compiled dist/ into dist/bundle/: one ES module per entry (the CLI, and each module a worker
 * starts), split into shared chunks where entries share code, so that a process or a worker loads a few files
 * instead of some three hundred. Loading the conversion's modules one by one is about half the CPU of starting a
 * conversion worker (docs/performance.md). `npm run build` runs it after tsc; bin/sheetspec.js and
 * `entryModule` (src/workers/start.ts) take the bundle when it is there and not older than dist/.
 *
 * What stays as it was:
 * - Packages are not bundled (`packages: 'external'`): each is loaded from node_modules, when and where it is
 *   now, so the main thread of `convert` still loads no engine (test/cli/startup.full.test.ts) and
 *   HyperFormula stays one copy (src/oracle/hf.ts).
 * - `import.meta.url` in each module is rewritten to the URL of that module's own file in dist/, so a module
 *   finds its files (the schema, docs/guidance, package.json) and names its workers as it did.
 * - A dynamic `import()` of our own module (a CLI command loaded on demand) becomes a chunk loaded at the same
 *   moment.
 *
 * The entries are found, not listed: `entryModule(import.meta.url, '<name>')` in dist/ names each module a worker
 * starts, so a new worker is bundled without touching this file.
 *
 *   npx tsx scripts/bundle.ts     (after `tsc -p tsconfig.build.json`)
 *
 * Without esbuild installed (a production install) it says so and leaves dist/ unbundled, which runs as well.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundleFileName } from '../src/workers/start.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const out = path.join(dist, 'bundle');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === out ? [] : jsFiles(p);
    return e.name.endsWith('.js') ? [p] : [];
  });
}

/** dist/cli/main.js and every module named by `entryModule(import.meta.url, '...')`. */
function entries(): string[] {
  const found = new Set([path.join(dist, 'cli/main.js')]);
  // A call in code, not one quoted in a comment.
  const call = /^(?!\s*(?:\*|\/\/)).*entryModule\(import\.meta\.url, '([^']+)'\)/gm;
  for (const file of jsFiles(dist)) {
    for (const m of readFileSync(file, 'utf8').matchAll(call)) {
      found.add(path.resolve(path.dirname(file), `${m[1]}.js`));
    }
  }
  for (const f of found) statSync(f);
  return [...found].sort();
}

let esbuild: typeof import('esbuild');
try {
  esbuild = await import('esbuild');
} catch {
  process.stderr.write(
    'bundle: esbuild is not installed; dist/ stays unbundled (it runs as well, starts slower)\n',
  );
  process.exit(0);
}

rmSync(out, { recursive: true, force: true });
const points = entries();
await esbuild.build({
  entryPoints: points.map((p) => ({
    in: p,
    out: bundleFileName(path.relative(dist, p).split(path.sep).join('/')).replace(/\.js$/, ''),
  })),
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  define: { SHEETSPEC_BUNDLED: 'true' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'own-import-meta-url',
      setup(build) {
        build.onLoad({ filter: /\.js$/ }, (args) => {
          if (!args.path.startsWith(dist + path.sep)) return undefined;
          // Every output file sits in dist/bundle/, so one relative URL from there reaches the module's own file.
          const own = path.relative(out, args.path).split(path.sep).join('/');
          const contents = readFileSync(args.path, 'utf8').replace(
            /\bimport\.meta\.url\b/g,
            `new URL(${JSON.stringify(own)}, import.meta.url).href`,
          );
          return { contents, loader: 'js' };
        });
      },
    },
  ],
});
process.stdout.write(
  `bundle: ${points.length} entries → ${path.relative(root, out)}/ (${readdirSync(out).length} files)\n`,
);
