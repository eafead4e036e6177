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
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { convert } from '../../compiler/convert.js';
import type { ConversionResult, ConvertOptions } from '../../compiler/types.js';
import {
  type BatchCliOptions,
  CommandExit,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_TIMEOUT_SECONDS,
  parseModelId,
  processIO,
  runConvertBatch,
} from '../batch/command.js';

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
    written = opts.output ?? defaultSpecPath(file);
    await writeFile(written, `${JSON.stringify(result.spec, null, 2)}\n`);
  }
  if (opts.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout.write(summarise(file, result, written));
  if (!result.valid) io.stderr.write(`sheetspec: ${file}: ${result.reason}: ${result.error}\n`);
  return { exitCode: result.valid ? 0 : 1, result, written };
}

/** The short human summary of a result. */
export function summarise(file: string, result: ConversionResult, written?: string): string {
  const lines: string[] = [];
  const rejected = result.rejectedColumns ?? [];
  if (result.valid) {
    const derived = (result.spec.derivations ?? []).filter((d) => d.path.startsWith('$.items[*].')).length;
    lines.push(`${file}: ${derived} formula column(s) compiled, ${rejected.length} refused`);
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
  for (const r of rejected) lines.push(`  refused ${r.column} "${r.header}": ${r.reason}: ${r.detail}`);
  for (const w of result.warnings ?? []) lines.push(`  warning ${w.code}: ${w.message}`);
  if (written) lines.push(`  wrote ${written}`);
  return `${lines.join('\n')}\n`;
}

export function registerConvertCommand(program: Command): void {
  program
    .command('convert')
    .description(
      'convert .xlsx/.xlsm workbooks (files, folders, globs, or - for stdin) into verified ModelSpecs',
    )
    .argument('<inputs...>', 'one workbook, or several files, folders and globs (batch), or - for stdin')
    .option(
      '-o, --output <path>',
      'one file: the spec file; batch: the output folder (mirrors the input tree)',
    )
    .option('--model-id <id>', 'spec id ([namespace/]name; default from the file name)', parseModelId)
    .option('--sheet <name>', 'worksheet to read (default: the first visible one)')
    .option('--json', 'one file: print the whole result as JSON; batch: print an array of per-file results')
    // Batch-only options (added for the batch form; see docs/cli.md).
    .option('--ndjson', 'batch: print one result per line as each file finishes')
    .option('--jobs <n>', 'batch: files converted in parallel (default: number of cores)')
    .option('--strict', 'batch: exit 1 also when a column is refused or a warning is given')
    .option('--quiet', 'batch: no progress bar and no summary table')
    .option('--timeout <seconds>', `batch: wall-clock limit per file (default ${DEFAULT_TIMEOUT_SECONDS})`)
    .option('--max-memory <mb>', `batch: heap limit per worker, MiB (default ${DEFAULT_MAX_MEMORY_MB})`)
    .action(async (inputs: string[], opts: ConvertCommandOptions & BatchCliOptions) => {
      const code = (await isSingleFileForm(inputs, opts))
        ? (await convertFileCommand(inputs[0]!, opts)).exitCode
        : await runConvertBatch(inputs, opts, processIO());
      if (code !== 0) throw new CommandExit(code);
    });
}

/**
 * The original single-file form (`-o` names the spec file, `--json` prints the whole result) serves exactly
 * one existing file with no batch-only option; everything else (several inputs, a folder, a glob, `-`,
 * `--ndjson`/`--jobs`/`--strict`/`--quiet`/`--timeout`/`--max-memory`) goes to the batch runner.
 */
async function isSingleFileForm(inputs: string[], opts: BatchCliOptions): Promise<boolean> {
  if (inputs.length !== 1 || inputs[0] === '-') return false;
  const batchOnly = [opts.ndjson, opts.jobs, opts.strict, opts.quiet, opts.timeout, opts.maxMemory];
  if (batchOnly.some((o) => o !== undefined)) return false;
  const info = await stat(inputs[0]!).catch(() => undefined);
  return info?.isFile() === true;
}
