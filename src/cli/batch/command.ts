/**
 * `sheetspec convert <inputs...>` in batch form: argument checks, discovery, the run, and what is printed.
 * Everything the command writes goes through `io`, so tests run it in-process.
 *
 * Output: valid specs go to files; per-file errors go to stderr as `sheetspec: <file>: <CODE>: <details>`
 * as soon as the file's turn comes (input order); the summary table goes to stdout, or to stderr when stdout
 * carries `--json`/`--ndjson`. Exit codes: 0 all converted; 1 any file failed (or, with `--strict`, any
 * refused column or warning); 2 usage error.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { modelIdProblem } from '../../modelspec/light.js';
import type { PipelineOptions } from '../../pipeline/index.js';
import {
  CONVERSION_OPTIONS,
  type ConversionOptionName,
  type ConversionSettings,
  optionNames,
} from '../../pipeline/light.js';
import { type BatchInput, discoverInputs, outputPaths, UsageError } from './discover.js';
import { createProgress } from './progress.js';
import { BatchReports } from './reports.js';
import { batchExitCode, type FileResult, problemLines } from './result.js';
import { runBatch, runOne, specText } from './run.js';
import { type Shard, parseShard, shardPositions } from './shard.js';
import { renderSummary } from './summary.js';
import { parseDuration } from '../duration.js';
import { machineHeapMb, NO_TIME_LIMIT } from '../budgets.js';
import { problem } from '../output.js';
import { displayPath } from '../paths.js';
import { CommandExit } from '../exit.js';
import { writeOutputFile } from '../write.js';
import type { WorkerKind } from '../../pipeline/light.js';

export { CommandExit };

export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The process's own streams, environment and working folder. */
export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * The conversion options' flags as commander reads them (src/pipeline/options.ts): each as the pipeline
 * takes it, but `--report`, a path (a file for one workbook, a folder for a batch).
 */
export type ConversionFlags = Omit<Pick<ConversionSettings, CliOptionName>, 'report'> & { report?: string };

type CliOptionName = {
  [K in ConversionOptionName]: (typeof CONVERSION_OPTIONS)[K] extends { cli: object } ? K : never;
}[ConversionOptionName];

/** Flags whose value is checked as it is read (a bad one is a usage error, exit 2). */
const FLAG_PARSERS: Partial<Record<ConversionOptionName, (value: string) => unknown>> = {
  modelId: (value) => parseModelId(value),
  parameters: (value) => parseParameters(value),
};

/** Adds the conversion options' flags (src/pipeline/options.ts) to `command`, in the table's order. */
export function addConversionFlags(command: Command): Command {
  for (const name of optionNames('cli')) {
    const { flags, help } = (CONVERSION_OPTIONS[name] as { cli: { flags: string; help: string } }).cli;
    const parse = FLAG_PARSERS[name];
    if (parse) command.option(flags, help, parse);
    else command.option(flags, help);
  }
  return command;
}

/** The settings the conversion flags give, as the pipeline reads them (`--report <path>`: build the report). */
export function settingsFromFlags(opts: ConversionFlags): ConversionSettings {
  const settings: Record<string, unknown> = {};
  for (const name of optionNames('cli')) {
    const value = (opts as Record<string, unknown>)[name];
    if (value !== undefined) settings[name] = name === 'report' ? true : value;
  }
  return settings as ConversionSettings;
}

export interface BatchCliOptions extends ConversionFlags {
  /** Output folder (mirrors the input tree); for `-`, the output file. */
  output?: string;
  jobs?: string | number;
  json?: boolean;
  ndjson?: boolean;
  strict?: boolean;
  quiet?: boolean;
  /** Per-file wall-clock limit: a duration (`90s`, `5m`; a bare number is seconds; default none). */
  timeout?: string | number;
  /** `K/N` or `auto/N`: convert only that part of the discovered files (shard.ts). */
  shard?: string;
  /** Per-worker heap limit, MiB (default: budgets.ts `machineHeapMb`). */
  maxMemory?: string | number;
  /** Module whose `convert` the workers call; tests only. */
  converterUrl?: string;
  /** The workers' kind instead of the pool's choice by core count (`workerKind`); tests only. */
  workerKind?: WorkerKind;
}

/** Runs the batch conversion and returns the exit code (0, 1 or 2). */
export async function runConvertBatch(
  args: readonly string[],
  opts: BatchCliOptions,
  io: CliIO,
): Promise<number> {
  try {
    return await convertBatch(args, opts, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`sheetspec: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

async function convertBatch(args: readonly string[], opts: BatchCliOptions, io: CliIO): Promise<number> {
  if (args.length === 0) throw new UsageError('convert needs at least one file, folder or glob');
  if (opts.json && opts.ndjson) throw new UsageError('--json and --ndjson cannot be used together');
  const jobs = Math.floor(positive(opts.jobs ?? availableParallelism(), '--jobs'));
  const limits = {
    timeoutMs: opts.timeout === undefined ? NO_TIME_LIMIT : parseDuration(opts.timeout, '--timeout'),
    maxHeapMb: opts.maxMemory === undefined ? machineHeapMb(jobs) : positive(opts.maxMemory, '--max-memory'),
    converterUrl: opts.converterUrl,
    kind: opts.workerKind,
  };
  const convert: Omit<PipelineOptions, 'filename'> = settingsFromFlags(opts);

  if (args.includes('-')) {
    if (opts.report !== undefined) throw new UsageError('`-` (stdin) cannot be combined with --report');
    if (args.length > 1) throw new UsageError('`-` (stdin) cannot be combined with other inputs');
    if (opts.json || opts.ndjson) throw new UsageError('`-` writes the spec to stdout; drop --json/--ndjson');
    if (opts.shard !== undefined) throw new UsageError('`-` is one workbook; --shard splits a batch');
    return convertStdin(opts, convert, limits, io);
  }

  const shard = opts.shard !== undefined ? parseShard(opts.shard, io.env) : undefined;
  const found = await discoverInputs(args, io.cwd);
  if (opts.modelId !== undefined && found.length > 1) {
    throw new UsageError(`--model-id names one spec, but ${found.length} workbooks were found`);
  }
  // Outputs are worked out over every file found, so a clash is reported the same way by every shard.
  const { inputs, outputs } = selectShard(found, outputPaths(found, opts.output, io.cwd), shard);

  const reports = opts.report !== undefined ? new BatchReports(path.resolve(io.cwd, opts.report)) : undefined;
  const progress = createProgress({ stream: io.stderr, quiet: opts.quiet === true, env: io.env });
  progress.start(inputs.length);
  let results: FileResult[];
  try {
    results = await runBatch(inputs, outputs, {
      ...limits,
      jobs,
      convert,
      shownPath: (file) => displayPath(file, io.cwd),
      ...(reports ? { reports } : {}),
      onStart: (input: BatchInput) => progress.started(input.display),
      onResult: (r) => {
        progress.finished();
        for (const line of problemLines(r.file, r, opts.strict === true)) progress.log(line);
        if (opts.ndjson) io.stdout.write(JSON.stringify(r) + '\n');
      },
    });
  } finally {
    progress.stop();
  }

  const index = await reports?.writeIndex();
  if (index && !opts.quiet) io.stderr.write(`sheetspec: reports: ${index}\n`);
  if (opts.json) io.stdout.write(JSON.stringify(results, null, 2) + '\n');
  if (!opts.quiet) (opts.json || opts.ndjson ? io.stderr : io.stdout).write(renderSummary(results));
  return batchExitCode(results, opts.strict === true);
}

async function convertStdin(
  opts: BatchCliOptions,
  convert: Omit<PipelineOptions, 'filename'>,
  limits: { timeoutMs: number; maxHeapMb: number; converterUrl?: string; kind?: WorkerKind },
  io: CliIO,
): Promise<number> {
  const bytes = await readAll(io.stdin);
  const { result, conversion } = await runOne(bytes, { ...limits, convert });
  for (const line of problemLines(result.file, result, opts.strict === true)) io.stderr.write(line + '\n');
  if (conversion?.valid) {
    const text = specText(conversion.spec);
    if (opts.output === undefined) io.stdout.write(text);
    else {
      try {
        await writeOutputFile(path.resolve(io.cwd, opts.output), text, {
          createFolder: true,
          shown: opts.output,
        });
      } catch (e) {
        const { code, message } = e as { code: string; message: string };
        problem(code, message, undefined, io.stderr);
        return 1;
      }
    }
  }
  return batchExitCode([result], opts.strict === true);
}

/** This shard's inputs and outputs (all of them without `--shard`). */
function selectShard(
  inputs: BatchInput[],
  outputs: string[],
  shard: Shard | undefined,
): { inputs: BatchInput[]; outputs: string[] } {
  if (shard === undefined) return { inputs, outputs };
  const keep = shardPositions(inputs, shard);
  return { inputs: keep.map((i) => inputs[i]!), outputs: keep.map((i) => outputs[i]!) };
}

/** `--model-id`: a valid spec id as given, never silently rewritten; otherwise a usage error (exit 2). */
export function parseModelId(value: string): string {
  const problem = modelIdProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(`the spec id ${problem}.`);
  return value;
}

/** `--parameters`: `constants` or `inputs`; otherwise a usage error (exit 2). */
export function parseParameters(value: string): 'constants' | 'inputs' {
  if (value === 'constants' || value === 'inputs') return value;
  throw new InvalidArgumentError(`--parameters must be "constants" or "inputs", got "${value}".`);
}

/** A positive number from an option; a UsageError otherwise. */
export function positive(value: string | number, flag: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number, got ${value}`);
  return n;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
