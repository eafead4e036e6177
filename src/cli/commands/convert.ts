/**
 * `sheetspec convert <file.xlsx> [-o out.spec.json] [--model-id ID] [--sheet NAME] [--json]`: converts one
 * workbook, writes the spec (default `<name>.spec.json` beside the input) and prints a short summary, or the
 * whole result with `--json`. Exit codes: 0 valid, 1 not valid (nothing written), 2 usage error.
 *
 * Several inputs, a folder, a glob, `-` or a batch-only option go to the batch runner instead
 * (src/cli/batch, docs/cli.md).
 *
 * The work is in `convertFileCommand` (no commander, streams passed in) so other commands can reuse it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { convert } from '../../compiler/convert.js';
import type { ConversionResult, ConvertOptions } from '../../compiler/types.js';
import {
  type BatchCliOptions,
  CommandExit,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_TIMEOUT_MS,
  processIO,
  runConvertBatch,
} from '../batch/command.js';
import { compiledCounts, problemLines } from '../batch/result.js';
import { formatDuration } from '../duration.js';
import { withExamples } from '../help.js';
import { problem } from '../output.js';
import { writeOutputFile } from '../write.js';

export interface ConvertCommandOptions {
  output?: string;
  modelId?: string;
  sheet?: string;
  json?: boolean;
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
  const options: ConvertOptions = { filename: path.basename(file) };
  if (opts.modelId !== undefined) options.modelId = opts.modelId;
  if (opts.sheet !== undefined) options.sheet = opts.sheet;
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
  if (opts.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (result.valid) io.stdout.write(summarise(file, result, written));
  for (const line of problemLines(file, result, true)) io.stderr.write(`${line}\n`);
  return { exitCode: result.valid ? 0 : 1, result, written };
}

/** The short human summary of a result (its refusals and warnings go to stderr: `problemLines`). */
export function summarise(file: string, result: ConversionResult, written?: string): string {
  const lines: string[] = [];
  const rejected = result.rejectedColumns ?? [];
  if (result.valid) {
    const { compiled, aggregates } = compiledCounts(result.spec);
    const extra = aggregates > 0 ? ` (and ${aggregates} summary value(s))` : '';
    lines.push(`${file}: ${compiled} formula column(s) compiled${extra}, ${rejected.length} refused`);
    const v = result.verification;
    if (v) {
      lines.push(
        `  verified ${v.matched}/${v.cellsChecked} values against ${v.oracle.name} ${v.oracle.version}` +
          (v.cachedChecked > 0
            ? `; Excel's saved values: ${v.cachedExact + v.cached15}/${v.cachedChecked} agree`
            : ''),
      );
    }
  } else {
    lines.push(`${file}: not converted: ${result.reason}`);
  }
  if (written) lines.push(`  wrote ${written}`);
  return `${lines.join('\n')}\n`;
}

export function registerConvertCommand(program: Command): void {
  const command = program
    .command('convert')
    .description(
      'convert .xlsx/.xlsm workbooks (files, folders, globs, or - for stdin) into verified ModelSpecs',
    )
    .argument('<inputs...>', 'one workbook, or several files, folders and globs (batch), or - for stdin')
    .option(
      '-o, --output <path>',
      'one file: the spec file; batch: the output folder (mirrors the input tree)',
    )
    .option('--model-id <id>', 'spec id ([namespace/]name; default from the file name)')
    .option('--sheet <name>', 'worksheet to read (default: the first visible one)')
    .option('--json', 'one file: print the whole result as JSON; batch: print an array of per-file results')
    // Batch-only options (added for the batch form; see docs/cli.md).
    .option('--ndjson', 'batch: print one result per line as each file finishes')
    .option('--jobs <n>', 'batch: files converted in parallel (default: number of cores)')
    .option('--strict', 'batch: exit 1 also when a column is refused or a warning is given')
    .option('--quiet', 'batch: no progress bar and no summary table')
    .option(
      '--timeout <duration>',
      `batch: wall-clock limit per file: 90s, 5m; a bare number is seconds (default ${formatDuration(DEFAULT_TIMEOUT_MS)})`,
    )
    .option('--max-memory <mb>', `batch: heap limit per worker, MiB (default ${DEFAULT_MAX_MEMORY_MB})`)
    .option(
      '--shard <K/N>',
      'batch: convert only part K of N (by a hash of each path; auto/N reads JOB_COMPLETION_INDEX)',
    )
    .action(async (inputs: string[], opts: ConvertCommandOptions & BatchCliOptions) => {
      const code = (await isSingleFileForm(inputs, opts))
        ? (await convertFileCommand(inputs[0]!, opts)).exitCode
        : await runConvertBatch(inputs, opts, processIO());
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
 * `--ndjson`/`--jobs`/`--strict`/`--quiet`/`--timeout`/`--max-memory`/`--shard`) goes to the batch runner.
 */
async function isSingleFileForm(inputs: string[], opts: BatchCliOptions): Promise<boolean> {
  if (inputs.length !== 1 || inputs[0] === '-') return false;
  const batchOnly = [
    opts.ndjson,
    opts.jobs,
    opts.strict,
    opts.quiet,
    opts.timeout,
    opts.maxMemory,
    opts.shard,
  ];
  if (batchOnly.some((o) => o !== undefined)) return false;
  const info = await stat(inputs[0]!).catch(() => undefined);
  return info?.isFile() === true;
}
