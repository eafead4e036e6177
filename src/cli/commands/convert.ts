/**
 * `sheetspec convert <file.xlsx> [-o out.spec.json] [--model-id ID] [--sheet NAME] [--table NAME|RANGE] [--json] [--timeout S]
 * [--max-memory MB]`: converts one workbook, writes the spec (default `<name>.spec.json` beside the input) and
 * prints a short summary, or the whole result with `--json`. The conversion runs in a worker with the command
 * line's budgets (src/cli/budgets.ts: no wall-clock limit unless `--timeout`, a heap from the machine's memory
 * unless `--max-memory`), so a crash or a runaway heap ends the worker, not the command. Exit codes: 0 valid, 1 not valid (nothing written), 2 usage error.
 *
 * Several inputs, a folder, a glob, `-` or a batch-only option go to the batch runner instead
 * (src/cli/batch, docs/cli.md).
 *
 * The work is in `convertFileCommand` (no commander, streams passed in) so other commands can reuse it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { commandHead } from './heads.js';
import {
  type ConversionResult,
  type ConvertOptions,
  CONVERSION,
  convert,
  endError,
  limitFailure,
  renderReport,
  type SavedValuesStanding,
  type Verification,
} from '../../pipeline/light.js';
import {
  addConversionFlags,
  type BatchCliOptions,
  CommandExit,
  type ConversionFlags,
  positive,
  processIO,
  runConvertBatch,
  settingsFromFlags,
} from '../batch/command.js';
import { UsageError } from '../batch/discover.js';
import { compiledCounts, problemLines } from '../batch/result.js';
import { parseDuration } from '../duration.js';
import { machineHeapMb, NO_TIME_LIMIT } from '../budgets.js';
import { withExamples } from '../help.js';
import { problem } from '../output.js';
import { followParent, relaunch, relaunchWanted } from '../relaunch.js';
import { writeOutputFile } from '../write.js';

export interface ConvertCommandOptions extends ConversionFlags {
  output?: string;
  json?: boolean;
  /** Wall-clock budget, seconds (default: the MCP server's, 60). */
  timeout?: string | number;
  /** Heap budget of the conversion's worker, MiB (default: the MCP server's, 1024). */
  maxMemory?: string | number;
}

export interface ConvertCommandOutcome {
  exitCode: number;
  result?: ConversionResult;
  /** Where the spec was written (valid results only). */
  written?: string;
}

interface Streams {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

/** The default output path: `<dir>/<name>.spec.json` beside the input. */
export function defaultSpecPath(file: string): string {
  const parsed = path.parse(file);
  return path.join(parsed.dir, `${parsed.name}.spec.json`);
}

/** Converts one file and reports; never throws on user input. */
export async function convertFileCommand(
  file: string,
  opts: ConvertCommandOptions,
  io: Streams = { stdout: process.stdout, stderr: process.stderr },
): Promise<ConvertCommandOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (e) {
    io.stderr.write(
      `sheetspec: ${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`,
    );
    return { exitCode: 2 };
  }
  let options: ConvertOptions;
  try {
    options = { filename: path.basename(file), ...settingsFromFlags(opts), ...budgetOptions(opts) };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`sheetspec: ${e.message}\n`);
    return { exitCode: 2 };
  }
  const result = await convert(bytes, options);
  let written: string | undefined;
  if (result.valid) {
    const target = opts.output ?? defaultSpecPath(file);
    try {
      await writeOutputFile(target, `${JSON.stringify(result.spec, null, 2)}\n`);
      written = target;
    } catch (e) {
      const { code, message } = e as { code: string; message: string };
      problem(code, message, undefined, io.stderr);
      return { exitCode: 1, result };
    }
  }
  const report = result.report;
  delete result.report;
  if (report && opts.report !== undefined) {
    try {
      await writeOutputFile(opts.report, renderReport(report));
    } catch (e) {
      const { code, message } = e as { code: string; message: string };
      problem(code, message, undefined, io.stderr);
      return { exitCode: 1, result };
    }
  }
  printResult(file, result, opts, io, written, report && opts.report !== undefined ? opts.report : undefined);
  return { exitCode: result.valid ? 0 : 1, result, written };
}

/**
 * What the one-file form prints of a result: the whole result with `--json`, else the summary of a valid one
 * (and where its report went); then its refusals and warnings, one coded line each, on stderr.
 */
function printResult(
  file: string,
  result: ConversionResult,
  opts: ConvertCommandOptions,
  io: Streams,
  written?: string,
  report?: string,
): void {
  if (opts.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (result.valid) io.stdout.write(summarise(file, result, written));
  if (report !== undefined && !opts.json) io.stdout.write(`  report ${report}\n`);
  for (const line of problemLines(file, result, true)) io.stderr.write(`${line}\n`);
}

/** One file's conversion: in a worker, with the command line's budgets (budgets.ts) unless the options say otherwise. */
function budgetOptions(opts: ConvertCommandOptions): ConvertOptions {
  return {
    isolation: 'worker',
    timeoutMs: opts.timeout === undefined ? NO_TIME_LIMIT : parseDuration(opts.timeout, '--timeout'),
    maxHeapMb: opts.maxMemory === undefined ? machineHeapMb(1) : positive(opts.maxMemory, '--max-memory'),
  };
}

/**
 * The short human summary of a result, read at a glance: what was compiled, how many values were checked and
 * whether they all agree; each kind of disagreement is named only when it happened, with what it means, and
 * then who decides. Refusals and warnings go to stderr (`problemLines`); `--json` prints the whole result.
 */
export function summarise(file: string, result: ConversionResult, written?: string): string {
  const lines: string[] = [];
  if (result.valid) {
    const { compiled, aggregates } = compiledCounts(result.spec);
    const refused = result.rejectedColumns?.length ?? 0;
    const extra = aggregates > 0 ? ` (and ${count(aggregates, 'summary value')})` : '';
    lines.push(
      `${file}: ${count(compiled, 'formula column')} compiled${extra}, ${refused === 0 ? 'none' : refused} refused`,
    );
    if (result.verification) lines.push(...verificationLines(result.verification).map((l) => `  ${l}`));
  } else {
    lines.push(`${file}: not converted: ${result.reason}`);
  }
  if (written) lines.push(`  wrote ${written}`);
  return `${lines.join('\n')}\n`;
}

/** `1 formula column`, `4 formula columns`. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The values checked, in words: one line when all agree; otherwise how many agree, one line per kind of
 * disagreement that happened (the classes of src/oracle/types.ts), and who decides.
 */
function verificationLines(v: Verification): string[] {
  const c = v.classes;
  const oracle = `${v.oracle.name} ${v.oracle.version}`;
  const saved = `the values ${savedBy(v)} saved`;
  const checked = `${count(v.cellsChecked, 'value')} checked`;
  const disagreeing = c.enginesDifferFromExcel + c.specDiffersFromOracle + c.oracleDiffersFromExcel;
  if (disagreeing === 0 && c.agree + c.unsaved === v.cellsChecked) {
    if (c.unsaved === v.cellsChecked)
      return [`${checked}: all agree with ${oracle} (the file saved no values)`];
    if (c.unsaved === 0) return [`${checked}: all agree with ${oracle} and with ${saved}`];
    return [
      `${checked}: all agree with ${oracle}; ${c.agree} also with ${saved}, ${c.unsaved} had no saved value`,
    ];
  }
  const lines = [`${checked}: ${c.agree} agree with ${oracle} and with ${saved}`];
  const name = v.oracle.name;
  const x = savedBy(v);
  if (c.enginesDifferFromExcel > 0)
    lines.push(`${c.enginesDifferFromExcel} where the spec and ${name} agree, but ${x} saved another value`);
  if (c.specDiffersFromOracle > 0)
    lines.push(`${c.specDiffersFromOracle} where the spec differs from ${name}`);
  if (c.oracleDiffersFromExcel > 0)
    lines.push(`${c.oracleDiffersFromExcel} where only ${name} differs: the spec agrees with ${saved}`);
  if (c.unsaved > 0) lines.push(`${c.unsaved} with no saved value, checked against ${name} alone`);
  lines.push(judgeLine(v));
  return lines;
}

/** Who decides: Excel's saved values (binding) or the oracle, and why. */
function judgeLine(v: Verification): string {
  const { producer, standing } = v.savedValues;
  if (v.judge === 'excel') return `the values ${producer} saved decide: they are Excel's own (binding)`;
  const name = v.oracle.name;
  if (v.cachedChecked === 0) return `${name} decides: the file saved no values`;
  const why: Record<SavedValuesStanding, string> = {
    binding: 'binding',
    unvouched: 'not vouched for (manual calculation or recalculation on load)',
    'other-engine': "another engine's",
    'unknown-producer': 'of an unknown producer',
  };
  return `${name} decides: the saved values are ${why[standing]} (producer: ${producer})`;
}

/**
 * Who saved the file's values, as the summary names them: `Excel` when Excel saved them (with its marks,
 * src/workbook/producer.ts), else the producer (`LibreOffice 7.4.7.2`) or an unknown producer, so that a
 * LibreOffice or library file's values are never called Excel's.
 */
function savedBy(v: Verification): string {
  const { standing, producer } = v.savedValues;
  if (standing === 'binding' || standing === 'unvouched') return 'Excel';
  if (standing === 'unknown-producer') return 'an unknown producer';
  // `LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/...` → `LibreOffice 7.4.7.2`.
  return producer.replace(/^([A-Za-z][\w ]*)\/([\d.]+)\$.*$/, '$1 $2');
}

export function registerConvertCommand(program: Command): void {
  const command = commandHead(program, 'convert').option(
    '-o, --output <path>',
    'one file: the spec file; batch: the output folder (mirrors the input tree)',
  );
  // The conversion options (src/pipeline/options.ts), then the command's own.
  addConversionFlags(command)
    .option('--json', 'one file: print the whole result as JSON; batch: print an array of per-file results')
    // Batch-only options (added for the batch form; see docs/cli.md).
    .option('--ndjson', 'batch: print one result per line as each file finishes')
    .option('--jobs <n>', 'batch: files converted in parallel (default: number of cores)')
    .option('--strict', 'batch: exit 1 also when a column is refused or a warning is given')
    .option('--quiet', 'batch: no progress bar and no summary table')
    .option(
      '--timeout <duration>',
      'wall-clock limit per file: 90s, 5m; a bare number is seconds (default: none)',
    )
    .option(
      '--max-memory <mb>',
      `heap limit per worker, MiB (default: half the machine's memory shared among the workers, 1024-4096; here ${machineHeapMb(1)} for one file)`,
    )
    .option(
      '--shard <K/N>',
      'batch: convert only part K of N (by a hash of each path; auto/N reads JOB_COMPLETION_INDEX)',
    )
    .action(async (inputs: string[], opts: ConvertCommandOptions & BatchCliOptions) => {
      const size = await singleFileSize(inputs, opts);
      let code: number;
      if (size === undefined) code = await runConvertBatch(inputs, opts, processIO());
      else {
        followParent();
        // A large workbook converts in a child process (relaunch.ts); undefined: it could not start, so here.
        const relaunched = relaunchWanted(size) ? await relaunch() : undefined;
        if (relaunched === undefined) code = (await convertFileCommand(inputs[0]!, opts)).exitCode;
        else if ('code' in relaunched) code = relaunched.code;
        else {
          // Killed by what this process did not pass on: the conversion's crash, reported as the form reports one.
          const end = { kind: 'process' as const, exitCode: null, signal: relaunched.signal, killed: false };
          printResult(inputs[0]!, limitFailure(endError(CONVERSION, end)), opts, processIO());
          code = 1;
        }
      }
      if (code !== 0) throw new CommandExit(code);
    });
  withExamples(command, [
    ['sheetspec convert examples/orders.xlsx', 'one workbook: writes examples/orders.spec.json beside it'],
    ['sheetspec convert reports/ -o specs/ --jobs 4', 'a folder tree, four at a time, mirrored under specs/'],
    [
      "sheetspec convert 'reports/**/*.xlsx' --ndjson --shard 2/8 > part-2.ndjson",
      'part 2 of 8 of a large batch (one machine of eight)',
    ],
  ]);
}

/**
 * The original single-file form (`-o` names the spec file, `--json` prints the whole result) serves exactly
 * one existing file with no batch-only option; everything else (several inputs, a folder, a glob, `-`,
 * `--ndjson`/`--jobs`/`--strict`/`--quiet`) goes to the batch runner. `--timeout` and `--max-memory` apply to
 * both forms; `--shard` is batch only. The file's size in bytes for the one-file form, else undefined.
 */
async function singleFileSize(inputs: string[], opts: BatchCliOptions): Promise<number | undefined> {
  if (inputs.length !== 1 || inputs[0] === '-') return undefined;
  const batchOnly = [opts.ndjson, opts.jobs, opts.strict, opts.quiet, opts.shard];
  if (batchOnly.some((o) => o !== undefined)) return undefined;
  const info = await stat(inputs[0]!).catch(() => undefined);
  return info?.isFile() === true ? info.size : undefined;
}
