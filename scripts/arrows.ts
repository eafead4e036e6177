/**
 * The arrows between the areas of `src/`: which area may import which, read from every import in the source
 * and checked by test/architecture.test.ts; docs/architecture.md shows the same table (generated from `AREAS`).
 *
 * An area is a first-level folder of `src/`. An import counts when it names a module under `src/` (static
 * `import … from`, `export … from`, `import type`, a dynamic `import('…')`, or a module loaded by
 * `new URL('…', import.meta.url)`, e.g. a worker's entry) or a package listed in `PACKAGES`. Imports inside one
 * area are free. The source is read with the TypeScript parser, so a multi-line import or a template-string
 * URL counts like any other.
 *
 * Three more rules hold inside the areas: no loop of imports among files (`importCycles`), no file over
 * `MAX_LINES` lines (`oversizeFiles`), and no front end importing the compiler or the oracle (in `AREAS`).
 * What breaks them today is listed as data (`KNOWN_CYCLES`, `OVERSIZE_FILES`, `KNOWN_FRONT_END_IMPORTS`), each
 * entry with its reason; test/architecture.test.ts fails on a break not listed and on an entry no longer
 * needed, so the lists only shrink.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export type Area =
  | 'codes'
  | 'workbook'
  | 'workers'
  | 'compiler'
  | 'oracle'
  | 'modelspec'
  | 'sandbox'
  | 'authoring'
  | 'pipeline'
  | 'report'
  | 'cli'
  | 'mcp';

export interface AreaRule {
  /** Areas this one may import. */
  imports: readonly Area[];
  /** A front end: other areas only through `src/<area>/index.ts`. */
  viaIndex?: true;
  /** One line for the docs. */
  what: string;
}

/** What a front end may import: the pipeline, the authoring area and the ModelSpec runtime, nothing else. */
const BELOW_FRONT_ENDS: readonly Area[] = ['pipeline', 'authoring', 'modelspec'];

/** The one home of the arrows. */
export const AREAS: Readonly<Record<Area, AreaRule>> = {
  codes: { imports: [], what: 'the code registry and the one coded error class' },
  workbook: {
    imports: ['codes'],
    what: 'workbook model, cell values, reader, preflight; `formula/`: the @borgar/fx adapter',
  },
  workers: { imports: ['codes'], what: 'the one way to start a worker (source or dist, budgets)' },
  modelspec: {
    imports: ['workbook', 'codes'],
    what: 'the ModelSpec format, binding convention, runtime, authoring tools',
  },
  compiler: {
    imports: ['workbook', 'codes', 'modelspec'],
    what: 'table recognition, field names, analysis, lowering to JSONata, spec assembly',
  },
  oracle: {
    imports: ['workbook', 'codes', 'workers'],
    what: "workbook → Excel's values: HyperFormula set up and corrected like Excel, value comparison",
  },
  sandbox: {
    imports: ['workers', 'codes'],
    what: 'one task of a task module its caller names, in a budgeted child process; knows no product',
  },
  authoring: {
    imports: ['compiler', 'modelspec', 'sandbox', 'workers', 'workbook', 'codes'],
    what: 'the authoring tools: one formula (translate_formula, `sheetspec formula`), column mode, library merging, and the ModelSpec tools run in the sandbox (tasks.ts); the compiler only through its index',
  },
  pipeline: {
    imports: ['compiler', 'oracle', 'modelspec', 'sandbox', 'workers', 'workbook', 'codes', 'report'],
    what: 'the one convert entry: read → recognise → compile → oracle → verify (`verify/`: the spec run and compared) → assemble',
  },
  report: {
    imports: ['workbook', 'codes'],
    what: 'the verification report: a self-contained HTML page from a report model',
  },
  cli: { imports: BELOW_FRONT_ENDS, viaIndex: true, what: 'the command line (front end)' },
  mcp: { imports: BELOW_FRONT_ENDS, viaIndex: true, what: 'the MCP server and its tools (front end)' },
};

/** `src/index.ts`, the library entry: it may import any index file (`src/**\/index.ts`); nothing imports it. */
export const LIBRARY_ENTRY = 'src/index.ts';

/** Single arrows allowed against the table, each with its reason. */
export const EXCEPTIONS: readonly { from: string; to: Area; why: string }[] = [
  { from: 'src/cli/commands/serve.ts', to: 'mcp', why: '`sheetspec serve` starts the MCP server' },
];

/** An exception that is owed, not meant: a single arrow allowed until the code it names is moved. */
export interface KnownImport {
  from: string;
  to: Area;
  why: string;
}

/**
 * Front-end imports of the compiler still to be moved behind the pipeline or the authoring tools, each with
 * its reason. The list only shrinks: an entry whose import is gone fails the test.
 */
export const KNOWN_FRONT_END_IMPORTS: readonly KnownImport[] = [];

/** Packages only one folder may import. */
export const PACKAGES: readonly { name: string; only: string; why: string }[] = [
  {
    name: '@borgar/fx',
    only: 'src/workbook/formula/',
    why: 'the formula adapter is the one place that sees fx',
  },
  {
    name: '@ironcalc/wasm',
    only: 'test/fuzz/',
    why: 'IronCalc is a development witness (fuzzer, triage), a dev dependency: never part of the product',
  },
];

export interface ImportLine {
  /** File path from the package root, `/`-separated. */
  file: string;
  line: number;
  specifier: string;
  /** The module it names (from the package root, `.ts`), or `undefined` for a package. */
  target?: string;
  kind: 'import' | 'export' | 'dynamic import' | 'new URL';
}

export interface Violation extends ImportLine {
  rule: string;
}

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

const toPosix = (p: string) => p.split(sep).join('/');

/** Every `.ts` file under `dir` (from the package root). */
export function sourceFiles(dir = 'src'): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(join(ROOT, d)).sort()) {
      const rel = `${d}/${name}`;
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel);
    }
  };
  walk(dir);
  return out;
}

/** The module a relative specifier names, as a `.ts` path from the package root, if it is one under src/. */
function resolveModule(file: string, specifier: string): string | undefined {
  const abs = resolve(ROOT, dirname(file), specifier);
  const rel = toPosix(relative(ROOT, abs));
  if (!rel.startsWith('src/')) return undefined;
  const candidates = [rel.replace(/\.js$/, '.ts'), rel, `${rel}.ts`, `${rel}/index.ts`];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(join(ROOT, c)));
}

/** The strings a `new URL(…)` first argument can be: literals, templates (substitutions dropped), `a ? b : c`. */
function urlTexts(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text + node.templateSpans.map((s) => s.literal.text).join('')];
  if (ts.isConditionalExpression(node)) return [...urlTexts(node.whenTrue), ...urlTexts(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return urlTexts(node.expression);
  return [];
}

const isImportMetaUrl = (node: ts.Expression | undefined) => node?.getText() === 'import.meta.url';

/** Every import of one file (modules under src/ and packages). */
export function importsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): ImportLine[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: ImportLine[] = [];
  const add = (node: ts.Node, specifier: string, kind: ImportLine['kind']) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (specifier.startsWith('.')) {
      const target = resolveModule(file, specifier);
      if (target) out.push({ file, line, specifier, target, kind });
    } else if (kind !== 'new URL' && !specifier.startsWith('node:')) {
      out.push({ file, line, specifier, kind });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, 'import');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node, node.moduleSpecifier.text, 'export');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg) for (const s of urlTexts(arg)) add(node, s, 'dynamic import');
    } else if (
      ts.isNewExpression(node) &&
      node.expression.getText() === 'URL' &&
      node.arguments?.length === 2
    ) {
      const [what, base] = node.arguments;
      if (isImportMetaUrl(base)) for (const s of urlTexts(what!)) add(node, s, 'new URL');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** `cli` for `src/cli/main.ts`; `undefined` for a file directly in src/. */
function areaOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts.length > 2 ? parts[1] : undefined;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** An area's index, or its light entry (`light.ts`: the part of the index that loads no engine, for a front end's main thread). */
const isAreaIndex = (target: string, area: string) =>
  target === `src/${area}/index.ts` || target === `src/${area}/light.ts`;

/** What is wrong with one import, or `undefined`. */
export function judge(imp: ImportLine): string | undefined {
  if (!imp.target) {
    const pkg = PACKAGES.find((p) => p.name === packageName(imp.specifier));
    return pkg && !imp.file.startsWith(pkg.only)
      ? `${pkg.name} is imported only under ${pkg.only}`
      : undefined;
  }
  const from = areaOf(imp.file);
  const to = areaOf(imp.target);
  if (imp.target === LIBRARY_ENTRY) return `nothing in src/ imports the library entry ${LIBRARY_ENTRY}`;
  if (imp.file === LIBRARY_ENTRY) {
    return imp.target.endsWith('/index.ts') ? undefined : `${LIBRARY_ENTRY} imports only index files`;
  }
  if (from === undefined || !(from in AREAS)) return `${imp.file} is in no area of scripts/arrows.ts`;
  if (to === undefined || !(to in AREAS)) return `${imp.target} is in no area of scripts/arrows.ts`;
  if (from === to) return undefined;
  const rule = AREAS[from as Area];
  const excepted = [...EXCEPTIONS, ...KNOWN_FRONT_END_IMPORTS].some(
    (e) => e.from === imp.file && e.to === to,
  );
  if (!excepted && !rule.imports.includes(to as Area)) return `${from} may not import ${to}`;
  if (rule.viaIndex && !isAreaIndex(imp.target, to))
    return `${from} imports ${to} only through src/${to}/index.ts`;
  return undefined;
}

/** Every import in `files` that runs an arrow the wrong way. */
export function violations(files = sourceFiles()): Violation[] {
  return files.flatMap((file) =>
    importsOf(file).flatMap((imp) => {
      const rule = judge(imp);
      return rule ? [{ ...imp, rule }] : [];
    }),
  );
}

export const formatViolation = (v: Violation) =>
  `${v.file}:${v.line}  ${v.kind} '${v.specifier}'  — ${v.rule}`;

/** Known entries that no import needs any more (the list only shrinks). */
export function staleFrontEndImports(files = sourceFiles()): KnownImport[] {
  const used = (k: KnownImport) =>
    files.includes(k.from) && importsOf(k.from).some((i) => i.target && areaOf(i.target) === k.to);
  return KNOWN_FRONT_END_IMPORTS.filter((k) => !used(k));
}

/** The soft cap on a source file's length (../shared/STYLE.md: "a soft cap near 600 lines"). */
export const MAX_LINES = 600;

/** Files over `MAX_LINES` still to be split, each with its reason. An entry back under the cap fails the test. */
export const OVERSIZE_FILES: readonly { file: string; why: string }[] = [];

/** Lines of a file as an editor counts them (a final newline ends the last line, it starts none). */
export function lineCount(file: string): number {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export interface SizeFinding {
  file: string;
  lines: number;
  /** `over`: over the cap and not listed; `stale`: listed but under the cap or gone. */
  problem: 'over' | 'stale';
}

/** Files over the cap not listed in `OVERSIZE_FILES`, and entries of it no longer needed. */
export function oversizeFiles(files = sourceFiles()): SizeFinding[] {
  const listed = new Set(OVERSIZE_FILES.map((o) => o.file));
  const over: SizeFinding[] = files
    .map((file) => ({ file, lines: lineCount(file), problem: 'over' as const }))
    .filter((f) => f.lines > MAX_LINES && !listed.has(f.file));
  const stale: SizeFinding[] = OVERSIZE_FILES.flatMap((o) => {
    const lines = files.includes(o.file) ? lineCount(o.file) : 0;
    return lines > MAX_LINES ? [] : [{ file: o.file, lines, problem: 'stale' as const }];
  });
  return [...over, ...stale];
}

export const formatSizeFinding = (f: SizeFinding) =>
  f.problem === 'over'
    ? `${f.file}: ${f.lines} lines, over ${MAX_LINES} (split it, or list it in OVERSIZE_FILES with its reason)`
    : `${f.file}: listed in OVERSIZE_FILES but ${f.lines ? `${f.lines} lines` : 'gone'}: remove the entry`;

/**
 * Loops of imports among files today, each as the set of files the loop runs through (a strongly connected
 * component of the import graph) with its reason. A loop found counts as known when all its files are in one
 * entry, so a loop that shrinks still passes; an entry with no loop left in it fails the test.
 */
export const KNOWN_CYCLES: readonly { files: readonly string[]; why: string }[] = [];

export interface Cycle {
  /** The files of the loop, sorted. */
  files: string[];
  /** One loop through them, as the import lines that make it (the last leads back to the first file). */
  path: ImportLine[];
}

/** Every loop of imports among `files` (each strongly connected component of two files or more, or a file importing itself). */
export function importCycles(
  files = sourceFiles(),
  read: (file: string) => ImportLine[] = (f) => importsOf(f),
): Cycle[] {
  const edges = new Map(files.map((f) => [f, read(f).filter((i) => i.target && files.includes(i.target))]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const { target: w } of edges.get(v)!) {
      if (!order.has(w!)) {
        visit(w!);
        low.set(v, Math.min(low.get(v)!, low.get(w!)!));
      } else if (onStack.has(w!)) low.set(v, Math.min(low.get(v)!, order.get(w!)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || edges.get(v)!.some((i) => i.target === v)) components.push(component.sort());
  };
  for (const f of files) if (!order.has(f)) visit(f);
  return components
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((c) => ({ files: c, path: loopThrough(c, edges) }));
}

/** A shortest loop from the component's first file back to it, by breadth-first search inside the component. */
function loopThrough(component: string[], edges: Map<string, ImportLine[]>): ImportLine[] {
  const start = component[0]!;
  const inside = new Set(component);
  const via = new Map<string, ImportLine>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const imp of edges.get(queue[i]!)!) {
      if (!inside.has(imp.target!)) continue;
      if (imp.target === start) {
        const path = [imp];
        for (let at = imp.file; at !== start; at = via.get(at)!.file) path.unshift(via.get(at)!);
        return path;
      }
      if (!via.has(imp.target!)) {
        via.set(imp.target!, imp);
        queue.push(imp.target!);
      }
    }
  }
  return [];
}

/** Loops not covered by `KNOWN_CYCLES`, and entries of it with no loop left in them. */
export function cycleFindings(files = sourceFiles()): {
  unknown: Cycle[];
  stale: (typeof KNOWN_CYCLES)[number][];
} {
  const cycles = importCycles(files);
  const covers = (k: (typeof KNOWN_CYCLES)[number], c: Cycle) => c.files.every((f) => k.files.includes(f));
  return {
    unknown: cycles.filter((c) => !KNOWN_CYCLES.some((k) => covers(k, c))),
    stale: KNOWN_CYCLES.filter((k) => !cycles.some((c) => covers(k, c))),
  };
}

export const formatCycle = (c: Cycle) =>
  [
    `loop of ${c.files.length} file(s): ${c.files.join(', ')}`,
    ...c.path.map((i) => `  ${i.file}:${i.line} → ${i.target}`),
  ].join('\n');
