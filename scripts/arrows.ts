/**
 * The arrows between the areas of `src/`: which area may import which, read from every import in the source
 * and checked by test/architecture.test.ts; docs/architecture.md shows the same table (generated from `AREAS`).
 *
 * An area is a first-level folder of `src/`. An import counts when it names a module under `src/` (static
 * `import … from`, `export … from`, `import type`, a dynamic `import('…')`, or a module loaded by
 * `new URL('…', import.meta.url)`, e.g. a worker's entry) or a package listed in `PACKAGES`. Imports inside one
 * area are free. The source is read with the TypeScript parser, so a multi-line import or a template-string
 * URL counts like any other.
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
  const excepted = EXCEPTIONS.some((e) => e.from === imp.file && e.to === to);
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
