/**
 * Fixture regression (`sheetspec check`): compile every workbook in a fixtures folder and compare what comes
 * out with the golden files committed beside it, so any change in what the compiler produces shows up as a
 * reviewed, path-addressed diff.
 *
 * Golden files of `name.xlsx` (see fixtures/README.md): `name.spec.json`, the spec (absent when the workbook
 * is refused as a whole), and `name.refusals.json`, the expected outcome in codes only:
 * `{"valid", "reason"?, "rejectedColumns": [{"column", "header", "reason", "cell"}]}`. Messages are left out
 * on purpose: rewording a message is not a regression. A workbook whose saved values are another engine's
 * (LibreOffice's) and differ from the spec's and the oracle's has a third, `name.other-engine.json`: how many,
 * per column, and the first cells with both values, so a known difference of that engine is pinned and reviewed
 * like the spec. A fixture fails when a golden file differs, is missing or is left over, or when verification
 * disagrees with the oracle or with values Excel saved (whatever the golden files say).
 *
 * The workbooks run on the batch worker pool, so a fixture that hangs or blows the heap is reported
 * (`RESOURCE_LIMIT`) rather than stalling CI.
 */
import { access, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ConversionResult, PipelineOptions } from '../../pipeline/index.js';
import { runModel } from '../../modelspec/index.js';
import { type DiffEntry, diffJson, renderDiff } from '../diff.js';
import { displayPath } from '../paths.js';
import { type DiffSide, diffConversions, type RunSpec, renderSpecDiff, type SpecDiff } from '../spec-diff.js';
import { type BatchInput, discoverInputs } from './discover.js';
import { ConversionPool, type PoolOutcome } from './pool.js';
import { specText } from './run.js';

export interface CheckOptions {
  /** Rewrite the golden files to match (and say which changed). */
  update?: boolean;
  jobs?: number;
  timeoutMs?: number;
  maxHeapMb?: number;
  /** Module whose `convert` the workers call; tests only. */
  converterUrl?: string;
  /**
   * Convert with this function on this thread, one file at a time, instead of on worker threads: no timeout
   * or heap limit, but no worker start-up either (under tsx or vitest each worker loads and compiles the
   * whole compiler again, seconds each). The fixture test in `npm test` passes the library's `convert`.
   */
  convert?: Convert;
  /** Folder that paths in the report are relative to. */
  cwd?: string;
}

/** One golden file's comparison. */
export interface GoldenComparison {
  /** Path of the golden file, as shown. */
  file: string;
  /** `same`; `changed` (see `diff`); `missing` (expected but absent); `unexpected` (present, should not be). */
  status: 'same' | 'changed' | 'missing' | 'unexpected';
  diff: DiffEntry[];
  /** With `update`: whether this file was written or deleted. */
  updated: boolean;
}

export interface FixtureCheck {
  workbook: string;
  /** True when every golden file matches and verification passed. */
  ok: boolean;
  /** Why the fixture fails regardless of golden files: oracle disagreement, timeout, crash. */
  problem?: string;
  goldens: GoldenComparison[];
  /** When a golden file changed: the semantic diff, golden (old) → now (new); src/cli/spec-diff.ts. */
  semantic?: SpecDiff;
}

export interface CheckReport {
  dir: string;
  fixtures: FixtureCheck[];
  /** Golden files whose workbook is gone (deleted under `update`). */
  orphans: string[];
  updated: boolean;
  /** True when nothing differs and nothing failed (after `update`, when nothing failed verification). */
  ok: boolean;
}

export type Convert = (bytes: Uint8Array, options: PipelineOptions) => Promise<ConversionResult>;

const GOLDEN_SUFFIXES = ['.spec.json', '.refusals.json', '.other-engine.json'] as const;

/** Compiles every workbook under `dir` and compares it with its golden files. */
export async function checkFixtures(dir: string, options: CheckOptions = {}): Promise<CheckReport> {
  const cwd = options.cwd ?? process.cwd();
  const root = path.resolve(cwd, dir);
  const inputs = await discoverInputs([root], cwd);
  const pool = new ConversionPool({
    jobs: Math.max(1, Math.min(options.jobs ?? availableParallelism(), inputs.length)),
    timeoutMs: options.timeoutMs ?? 300_000,
    maxHeapMb: options.maxHeapMb ?? 2048,
    converterUrl: options.converterUrl,
  });
  let fixtures: FixtureCheck[];
  try {
    fixtures = await Promise.all(
      inputs.map(async (input) => {
        const outcome = await pool.run({
          path: input.path,
          options: { filename: path.basename(input.path) },
        });
        const check = await checkOne(input, outcome, options.update === true, cwd);
        return checkVariants(check, input, pool, options.update === true, cwd);
      }),
    );
  } finally {
    await pool.close();
  }
  const orphans = await findOrphans(root, inputs, cwd);
  if (options.update) for (const o of orphans) await rm(path.resolve(cwd, o));
  const ok =
    fixtures.every((f) => f.problem === undefined && (options.update || f.ok)) &&
    (options.update === true || orphans.length === 0);
  return { dir: displayPath(root, cwd), fixtures, orphans, updated: options.update === true, ok };
}

/**
 * Golden specs of a fixture converted with other options, checked when the file exists beside the workbook
 * (`name.inputs.spec.json`: `parameters: "inputs"`; written first by scripts/fixtures/libreoffice.ts), and
 * rewritten by `--update` like the others.
 */
const VARIANTS: ReadonlyArray<{ suffix: string; options: Partial<PipelineOptions> }> = [
  { suffix: '.inputs.spec.json', options: { parameters: 'inputs' } },
];

async function checkVariants(
  check: FixtureCheck,
  input: BatchInput,
  pool: ConversionPool,
  update: boolean,
  cwd: string,
): Promise<FixtureCheck> {
  const stem = input.path.replace(/\.[^.]*$/, '');
  for (const v of VARIANTS) {
    const file = stem + v.suffix;
    if (!(await exists(file))) continue;
    const outcome = await pool.run({
      path: input.path,
      options: { filename: path.basename(input.path), ...v.options },
    });
    if (outcome.kind === 'error') {
      check = { ...check, ok: false, problem: `${v.suffix}: ${outcome.code}: ${outcome.message}` };
      continue;
    }
    const result = outcome.result;
    const compared = await compareGolden(file, result.valid ? result.spec : undefined, update, cwd);
    check = {
      ...check,
      ok: check.ok && compared.comparison.status === 'same',
      goldens: [...check.goldens, compared.comparison],
    };
  }
  return check;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The golden files a conversion result should have, by suffix; `undefined` = the file should not exist. */
export function expectedGoldens(result: ConversionResult): Record<(typeof GOLDEN_SUFFIXES)[number], unknown> {
  const rejected = (result.rejectedColumns ?? []).map((c) => ({
    column: c.column,
    header: c.header,
    reason: c.reason,
    cell: c.cell,
  }));
  return {
    '.spec.json': result.valid ? result.spec : undefined,
    '.refusals.json': result.valid
      ? { valid: true, rejectedColumns: rejected }
      : { valid: false, reason: result.reason, rejectedColumns: rejected },
    '.other-engine.json': otherEngineDifferences(result),
  };
}

/**
 * Where another engine's saved values differ from the spec and the oracle (which agree: a column where they do not
 * is refused): the producer, the count, and per column the count and its first cells. Undefined when there are
 * none, or when the saved values are not another engine's (a difference from Excel's own is a failure).
 */
function otherEngineDifferences(result: ConversionResult): unknown {
  const v = result.valid ? result.verification : undefined;
  if (v === undefined || v.savedValues.standing !== 'other-engine' || v.disagreements === 0) return undefined;
  return {
    producer: v.savedValues.producer,
    differences: v.disagreements,
    columns: v.columns
      .filter((c) => c.disagreements > 0)
      .map((c) => ({
        column: c.column,
        field: c.field,
        differences: c.disagreements,
        first: c.cells
          .filter((l) => l.class === 'enginesDifferFromExcel')
          .map((l) => ({ cell: l.cell, spec: l.spec, saved: l.excel })),
      })),
  };
}

async function checkOne(
  input: BatchInput,
  outcome: PoolOutcome,
  update: boolean,
  cwd: string,
): Promise<FixtureCheck> {
  const workbook = input.display;
  if (outcome.kind === 'error') {
    return { workbook, ok: false, problem: `${outcome.code}: ${outcome.message}`, goldens: [] };
  }
  const result = outcome.result;
  const v = result.valid ? result.verification : undefined;
  const problem =
    v && v.disagreements > 0 && v.savedValues.standing !== 'other-engine'
      ? `verification failed: ${v.disagreements} of ${v.cellsChecked} values disagree with the oracle`
      : undefined;
  const expected = expectedGoldens(result);
  const stem = input.path.replace(/\.[^.]*$/, '');
  const goldens: GoldenComparison[] = [];
  const golden: Partial<Record<(typeof GOLDEN_SUFFIXES)[number], unknown>> = {};
  for (const suffix of GOLDEN_SUFFIXES) {
    const file = stem + suffix;
    const compared = await compareGolden(file, expected[suffix], update, cwd);
    // The other engine's differences are a golden only where there are some (or a stale file says so).
    if (
      suffix === '.other-engine.json' &&
      expected[suffix] === undefined &&
      compared.comparison.status === 'same'
    )
      continue;
    goldens.push(compared.comparison);
    golden[suffix] = compared.golden;
  }
  const semantic = goldens.some((g) => g.status === 'changed')
    ? await semanticDiff(golden, result)
    : undefined;
  return {
    workbook,
    ok: problem === undefined && goldens.every((g) => g.status === 'same'),
    problem,
    goldens,
    ...(semantic ? { semantic } : {}),
  };
}

/**
 * The semantic diff of the golden files (old) and the conversion (new), or undefined when a golden file
 * is not what it should be (then the path diff is all there is to show).
 */
async function semanticDiff(
  golden: Partial<Record<(typeof GOLDEN_SUFFIXES)[number], unknown>>,
  result: ConversionResult,
): Promise<SpecDiff | undefined> {
  const refusals = golden['.refusals.json'] as
    | { valid?: unknown; reason?: unknown; rejectedColumns?: unknown }
    | undefined;
  const spec = golden['.spec.json'];
  if (!isObject(refusals) || !Array.isArray(refusals.rejectedColumns)) return undefined;
  if (spec !== undefined && !isObject(spec)) return undefined;
  const old: DiffSide = {
    spec: spec as DiffSide['spec'],
    outcome: refusals.valid === true ? 'valid' : String(refusals.reason),
    refusals: refusals.rejectedColumns as DiffSide['refusals'],
  };
  const now = expectedGoldens(result)['.refusals.json'] as { rejectedColumns: DiffSide['refusals'] };
  return diffConversions(
    old,
    {
      spec: result.valid ? result.spec : undefined,
      outcome: result.valid ? 'valid' : result.reason,
      refusals: now.rejectedColumns,
    },
    runInThread,
  );
}

/** The fixtures' specs are this compiler's own output and the repository's golden files: run in this thread. */
const runInThread: RunSpec = async (spec, given) => {
  try {
    const r = await runModel(spec, { mutations: given });
    return r.ok ? { ok: true, state: r.state } : { ok: false, message: r.error };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function compareGolden(
  file: string,
  actual: unknown,
  update: boolean,
  cwd: string,
): Promise<{ comparison: GoldenComparison; golden?: unknown }> {
  const shown = displayPath(file, cwd);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const wanted = actual === undefined ? undefined : specText(actual);
  let comparison: GoldenComparison;
  let golden: unknown;
  if (text === undefined) {
    comparison = { file: shown, status: wanted === undefined ? 'same' : 'missing', diff: [], updated: false };
  } else if (wanted === undefined) {
    comparison = { file: shown, status: 'unexpected', diff: [], updated: false };
  } else {
    let diff: DiffEntry[];
    try {
      golden = JSON.parse(text);
      diff = diffJson(golden, JSON.parse(wanted));
    } catch (e) {
      diff = [
        {
          path: '$',
          kind: 'changed',
          expected: `unreadable JSON (${(e as Error).message})`,
          actual: '<spec>',
        },
      ];
    }
    comparison = { file: shown, status: diff.length === 0 ? 'same' : 'changed', diff, updated: false };
  }
  if (update && text !== wanted) {
    if (wanted === undefined) await rm(file);
    else await writeFile(file, wanted);
    // A file that only changes formatting is rewritten but was not a difference.
    comparison.updated = comparison.status !== 'same';
  }
  return { comparison, golden };
}

/**
 * Golden files whose workbook is gone. A `.spec.json` alone is not taken for a golden (other tests keep plain
 * specs under fixtures/, e.g. `fixtures/specs/`): a stem counts only when it has a `.refusals.json` or a
 * `.cells.json` text twin, which only fixtures have.
 */
async function findOrphans(root: string, inputs: readonly BatchInput[], cwd: string): Promise<string[]> {
  const stems = new Set(inputs.map((i) => i.path.replace(/\.[^.]*$/, '')));
  const names = (await readdir(root, { recursive: true })).sort();
  const present = new Set(names.map((n) => path.join(root, n)));
  const orphans: string[] = [];
  for (const name of names) {
    const suffix = GOLDEN_SUFFIXES.find((s) => name.endsWith(s));
    if (!suffix) continue;
    const full = path.join(root, name);
    const stem = full.slice(0, -suffix.length);
    if (stems.has(stem)) continue;
    if (present.has(stem + '.refusals.json') || present.has(stem + '.cells.json'))
      orphans.push(displayPath(full, cwd));
  }
  return orphans;
}

/** The report as people read it: one line per fixture, diffs indented under the file they belong to. */
export function renderCheckReport(report: CheckReport): string {
  const out: string[] = [];
  let ok = 0;
  let changed = 0;
  let failed = 0;
  for (const f of report.fixtures) {
    if (f.problem !== undefined) failed++;
    const differs = f.goldens.filter((g) => g.status !== 'same');
    if (differs.length > 0) changed++;
    if (f.problem === undefined && differs.length === 0) {
      ok++;
      out.push(`ok       ${f.workbook}`);
      continue;
    }
    const label = f.problem !== undefined ? 'FAIL' : report.updated ? 'UPDATED' : 'CHANGED';
    out.push(`${label.padEnd(8)} ${f.workbook}`);
    if (f.problem !== undefined) out.push(`  ${f.problem}`);
    for (const g of differs) {
      const verb = report.updated && g.updated ? 'rewrote ' : '';
      if (g.status === 'missing') {
        out.push(
          `  ${verb}${g.file}: ${report.updated ? 'created' : 'missing (run `sheetspec check --update`)'}`,
        );
      } else if (g.status === 'unexpected') {
        out.push(
          `  ${g.file}: ${report.updated ? 'deleted' : 'should not exist (the workbook is now refused)'}`,
        );
      } else if (f.semantic) {
        out.push(`  ${verb}${g.file}: changed`);
      } else {
        out.push(`  ${verb}${g.file}:`);
        out.push(renderDiff(g.diff, { indent: '    ' }));
      }
    }
    if (f.semantic && differs.some((g) => g.status === 'changed')) {
      out.push(renderSpecDiff(f.semantic, '    ').trimEnd());
    }
  }
  for (const o of report.orphans) {
    out.push(`${report.updated ? 'DELETED' : 'ORPHAN'}  ${o} (no workbook)`);
  }
  const n = report.fixtures.length;
  const verb = report.updated ? 'updated' : 'changed';
  out.push(
    '',
    `${n} fixture${n === 1 ? '' : 's'}: ${ok} ok, ${changed} ${verb}, ` +
      `${failed} failed verification or did not run` +
      (report.orphans.length > 0 ? `, ${report.orphans.length} orphaned golden file(s)` : ''),
  );
  return out.join('\n') + '\n';
}
