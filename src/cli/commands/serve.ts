/**
 * `sheetspec serve [--http] [...]`: the MCP server. On stdio (the default) stdout carries protocol messages only
 * and the command ends when stdin closes; with --http it serves stateless Streamable HTTP on http://H:P/mcp
 * (and GET /healthz) until SIGINT/SIGTERM.
 *
 * Both transports run every tool call under one process budget (`--max-concurrent`, `--max-memory`). A
 * non-loopback `--host` needs `--token-file` (exit 2 otherwise); remote names are admitted with
 * `--allowed-hosts` and `--allowed-origins`. A port in use is a one-line `ADDRESS_IN_USE` (exit 1).
 */
import { readFileSync } from 'node:fs';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { type Command, CommanderError } from 'commander';
import { commandHead } from './heads.js';
import { CodedError } from '../../pipeline/light.js';
import {
  isLoopbackAddress,
  LOG_LEVELS,
  MAX_EVAL_TIMEOUT_MS,
  runStdioServer,
  startHttpServer,
} from '../../mcp/index.js';
import { CommandExit } from '../batch/command.js';

interface ServeOptions {
  http?: boolean;
  host: string;
  port: string;
  tokenFile?: string;
  allowedHosts?: string;
  allowedOrigins?: string;
  maxConcurrent?: string;
  maxMemory?: string;
  bodyTimeout?: string;
  headersTimeout?: string;
  evalTimeout?: string;
  logLevel: string;
  /** `--no-warm` sets false. */
  warm: boolean;
}

function usage(message: string): never {
  process.stderr.write(`sheetspec: ${message}\n`);
  throw new CommanderError(2, 'sheetspec.serve', message);
}

/** A positive number option, or undefined when not given. */
function positive(value: string | undefined, flag: string, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    usage(`${flag} must be a positive ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return n;
}

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function readToken(file: string): string {
  let token: string;
  try {
    token = readFileSync(file, 'utf8').trim();
  } catch (e) {
    usage(`cannot read --token-file: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!token) usage('--token-file is empty');
  return token;
}

const HTTP_ONLY = ['tokenFile', 'allowedHosts', 'allowedOrigins', 'bodyTimeout', 'headersTimeout'] as const;
const FLAG: Record<(typeof HTTP_ONLY)[number], string> = {
  tokenFile: '--token-file',
  allowedHosts: '--allowed-hosts',
  allowedOrigins: '--allowed-origins',
  bodyTimeout: '--body-timeout',
  headersTimeout: '--headers-timeout',
};

export function registerServeCommand(program: Command): void {
  commandHead(program, 'serve')
    .option('--http', 'serve Streamable HTTP instead of stdio')
    .option('--host <host>', 'interface to bind with --http (loopback by default)', '127.0.0.1')
    .option('--port <port>', 'port with --http', '8808')
    .option(
      '--token-file <file>',
      'with --http, require "Authorization: Bearer <token>" (token read from file); needed off loopback',
    )
    .option('--allowed-hosts <names>', 'with --http, Host names to admit besides loopback (comma-separated)')
    .option('--allowed-origins <origins>', 'with --http, Origin values to admit (comma-separated, exact)')
    .option(
      '--max-concurrent <n>',
      'tool calls running at once; more wait briefly, then are busy (default 4)',
    )
    .option('--max-memory <mb>', 'sandbox heap the running calls may hold together, MB (default 4096)')
    .option('--body-timeout <seconds>', 'with --http, time to receive a request body (default 10)')
    .option('--headers-timeout <seconds>', 'with --http, time to receive request headers (default 5)')
    .option(
      '--eval-timeout <seconds>',
      `time budget of one authoring call (validate, test, dry run, eval, translate), at most ${MAX_EVAL_TIMEOUT_MS / 1000} (default 2)`,
    )
    .option('--log-level <level>', `lowest tool-log level sent (${LOG_LEVELS.join(', ')})`, 'info')
    .option(
      '--no-warm',
      'convert each workbook in a fresh worker instead of one kept loaded between conversions (about 150 MB less while idle)',
    )
    .action(async (opts: ServeOptions) => {
      if (!LOG_LEVELS.includes(opts.logLevel as LoggingLevel))
        usage(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
      const budget = {
        maxConcurrent: positive(opts.maxConcurrent, '--max-concurrent', true),
        maxMemoryMb: positive(opts.maxMemory, '--max-memory'),
        logLevel: opts.logLevel as LoggingLevel,
        warm: opts.warm,
        ...evalLimits(opts.evalTimeout),
      };
      if (!opts.http) {
        for (const key of HTTP_ONLY)
          if (opts[key] !== undefined) usage(`${FLAG[key]} applies to --http only`);
        await runStdioServer(budget);
        return;
      }
      await serveHttp(opts, budget);
    });
}

/** `--eval-timeout` as the servers' limits: seconds, positive, at most the cap (exit 2 beyond it). */
function evalLimits(value: string | undefined): { limits?: { evalTimeoutMs: number } } {
  const s = positive(value, '--eval-timeout');
  if (s === undefined) return {};
  if (s * 1000 > MAX_EVAL_TIMEOUT_MS)
    usage(`--eval-timeout must be at most ${MAX_EVAL_TIMEOUT_MS / 1000} seconds, got ${value}`);
  return { limits: { evalTimeoutMs: Math.round(s * 1000) } };
}

async function serveHttp(
  opts: ServeOptions,
  budget: {
    maxConcurrent?: number;
    maxMemoryMb?: number;
    logLevel: LoggingLevel;
    limits?: { evalTimeoutMs: number };
    warm: boolean;
  },
): Promise<void> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`--port must be 0..65535, got ${opts.port}`);
  const token = opts.tokenFile === undefined ? undefined : readToken(opts.tokenFile);
  if (!token && !isLoopbackAddress(opts.host)) {
    usage(
      `--host ${opts.host} is not a loopback interface: anyone who can reach it could call the tools; add --token-file`,
    );
  }
  const seconds = (v: string | undefined, flag: string) => {
    const n = positive(v, flag);
    return n === undefined ? undefined : Math.round(n * 1000);
  };
  let running: Awaited<ReturnType<typeof startHttpServer>>;
  try {
    running = await startHttpServer({
      host: opts.host,
      port,
      token,
      allowedHosts: list(opts.allowedHosts),
      allowedOrigins: list(opts.allowedOrigins),
      bodyTimeoutMs: seconds(opts.bodyTimeout, '--body-timeout'),
      headersTimeoutMs: seconds(opts.headersTimeout, '--headers-timeout'),
      ...budget,
    });
  } catch (e) {
    if (!(e instanceof CodedError)) throw e;
    process.stderr.write(`sheetspec: ${e.code}: ${e.message}\n`);
    throw new CommandExit(1);
  }
  const { maxConcurrent, maxMemoryMb } = running.budget.limits;
  process.stderr.write(
    `sheetspec: MCP server on ${running.url}${token ? ' (bearer token required)' : ''}; ` +
      `${maxConcurrent} calls / ${maxMemoryMb} MB at once\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
