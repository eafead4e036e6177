/**
 * Bundles the compiled dist/ into dist/bundle/: one ES module per entry (the CLI, and each module a worker
 * starts), split into shared chunks where entries share code, so that a process or a worker loads a few files
 * instead of some three hundred. Loading the conversion's modules one by one is about half the CPU of starting a
 * conversion worker (docs/performance.md). `npm run build` runs it after tsc; bin/sheetspec.js and
 * `entryModule` (src/workers/start.ts) take the bundle when it is there and not older than dist/.
 *
 * - Packages are not bundled into the ES modules (`packages: 'external'`): each is loaded from node_modules,
 *   when and where it is now, so the main thread of `convert` still loads no engine
 *   (test/cli/startup.full.test.ts) and HyperFormula stays one copy per thread (src/oracle/hf.ts).
 * - The heavy workers (`CODE_CACHED_ENTRIES`: the conversion's, the oracle's) are instead one CommonJS body
 *   each, `<entry>.cjs`, with their packages inside (so a thread still runs one copy of HyperFormula: the
 *   body's), started by a three-line ES module under the entry's name; each body's V8 code cache is written
 *   here by converting examples/orders.xlsx (src/workers/code-cache.ts).
 * - `import.meta.url` in each module is rewritten to the URL of that module's own file in dist/, so a module
 *   finds its files (the schema, docs/guidance, package.json) and names its workers as it did.
 * - A dynamic `import()` of our own module (a CLI command loaded on demand) becomes a chunk loaded at the same
 *   moment (in a body, a module initialised at that moment).
 *
 * The entries are found, not listed: `entryModule(import.meta.url, '<name>')` in dist/ names each module a worker
 * starts, so a new worker is bundled without touching this file.
 *
 *   npx tsx scripts/bundle.ts     (after `tsc -p tsconfig.build.json`)
 *
 * Without esbuild installed (a production install) it says so and leaves dist/ unbundled, which runs as well.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheFileOf, CODE_CACHED_ENTRIES } from '../src/workers/code-cache.js';
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
const outName = (p: string) =>
  bundleFileName(path.relative(dist, p).split(path.sep).join('/')).replace(/\.js$/, '');
const cachedPoints = CODE_CACHED_ENTRIES.map((e) => path.join(dist, e));
// What runs a body, bundled on its own for the bodies' small entry modules.
const loader = path.join(dist, 'workers/code-cache.js');
for (const p of cachedPoints) {
  if (!points.includes(p)) throw new Error(`bundle: ${p} is in CODE_CACHED_ENTRIES but no worker starts it`);
}

/**
 * A CommonJS body's own URL, set by its first line (`banner`). Why a variable of its own, not
 * `require("node:url")` at each use: the text replaces `import.meta.url` inside our code, where a local named
 * `require` or `module` would capture it (a `const require = createRequire(...)` read itself before its
 * initialisation, and the function threw).
 */
const OWN_URL = '__sheetspecOwnUrl';

/**
 * Rewrites each module of ours as it is bundled: `import.meta.url` becomes the URL of the module's own file in
 * dist/ (from the output file's own URL), and in a CommonJS body a package loaded by `createRequire` becomes a
 * plain `require`, so that the package is bundled into it.
 */
function ownFiles(format: 'esm' | 'cjs'): import('esbuild').Plugin {
  const outputUrl = format === 'esm' ? 'import.meta.url' : OWN_URL;
  return {
    name: 'own-files',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(dist + path.sep)) return undefined;
        // Every output file sits in dist/bundle/, so one relative URL from there reaches the module's own file.
        const own = path.relative(out, args.path).split(path.sep).join('/');
        let contents = readFileSync(args.path, 'utf8');
        if (format === 'cjs') {
          contents = contents.replace(
            /\bcreateRequire\(import\.meta\.url\)\((['"])([^'"./][^'"]*)\1\)/g,
            'require($1$2$1)',
          );
        }
        contents = contents.replace(
          /\bimport\.meta\.url\b/g,
          `new URL(${JSON.stringify(own)}, ${outputUrl}).href`,
        );
        return { contents, loader: 'js' };
      });
    },
  };
}

/** What both builds share; each adds its format, its entries and its plugin. */
const common = {
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  define: { SHEETSPEC_BUNDLED: 'true' },
  logLevel: 'warning',
} as const;
const entriesOf = (ps: string[]) => ps.map((p) => ({ in: p, out: outName(p) }));

// The CLI, the library's entries and the light workers: ES modules sharing chunks; packages from node_modules.
await esbuild.build({
  ...common,
  entryPoints: entriesOf([...points.filter((p) => !cachedPoints.includes(p)), loader]),
  format: 'esm',
  splitting: true,
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  plugins: [ownFiles('esm')],
});

// The heavy workers: one CommonJS body each, packages inside, run with V8's code cache (src/workers/code-cache.ts)
// by a small ES module under the entry's own name, so that whatever starts the worker is unchanged.
const bodies = await esbuild.build({
  ...common,
  entryPoints: entriesOf(cachedPoints),
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // "use strict" first: a directive only counts before any statement (esbuild's own comes after the banner).
  banner: { js: `"use strict";\nvar ${OWN_URL} = require("node:url").pathToFileURL(__filename);` },
  // A body runs through `vm.Script`, where an `import()` fails when called: each becomes a `require`.
  supported: { 'dynamic-import': false },
  metafile: true,
  plugins: [ownFiles('cjs')],
});
// What a body still loads from outside itself: Node's own modules only (`require`, since no `import()` is left).
for (const [file, output] of Object.entries(bodies.metafile.outputs)) {
  const outside = output.imports.filter((i) => i.external && !isBuiltin(i.path));
  if (outside.length > 0) {
    throw new Error(`bundle: ${file} loads from outside itself: ${outside.map((i) => i.path).join(', ')}`);
  }
}
for (const p of cachedPoints) {
  const name = outName(p);
  writeFileSync(
    path.join(out, `${name}.js`),
    `// Written by scripts/bundle.ts: runs ./${name}.cjs with its code cache (src/workers/code-cache.ts).\n` +
      `import { runCached } from './${outName(loader)}.js';\n` +
      `runCached(new URL('./${name}.cjs', import.meta.url));\n`,
  );
}

// The caches: V8's bytecode after converting the bundled example, once with the oracle in line (the conversion
// worker's cache holds HyperFormula too) and once in its own thread (the oracle worker's).
process.env.SHEETSPEC_CODE_CACHE = 'write';
const { convert } = (await import(
  pathToFileURL(path.join(out, 'pipeline.index.js')).href
)) as typeof import('../src/pipeline/index.js');
const example = readFileSync(path.join(root, 'examples/orders.xlsx'));
for (const oracleThread of [false, true]) {
  const result = await convert(example, { filename: 'orders.xlsx', isolation: 'worker', oracleThread });
  if (!result.valid)
    throw new Error(
      `bundle: converting examples/orders.xlsx to write the code caches failed: ${result.reason}`,
    );
}
const caches = cachedPoints.map((p) => cacheFileOf(path.join(out, `${outName(p)}.cjs`)));
for (const c of caches) {
  if (!existsSync(c)) throw new Error(`bundle: the code cache ${path.relative(root, c)} was not written`);
}
process.stdout.write(
  `bundle: ${points.length} entries → ${path.relative(root, out)}/ (${readdirSync(out).length} files, ` +
    `${caches.length} code caches)\n`,
);
