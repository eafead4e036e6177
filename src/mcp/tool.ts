/**
 * What every sheetspec tool shares: the definition shape, the explicit annotations, the result format (a text
 * block with the JSON plus `structuredContent`), the size guard, and registration.
 *
 * Why a table of definitions beside the SDK's own registry: the SDK wraps an unknown tool and arguments that fail
 * the input schema into `isError` results, while the 2025-11-25 spec asks for JSON-RPC error -32602. `server.ts`
 * therefore installs its own `tools/call` handler that looks tools up in this table (see `dispatchToolCall`); the
 * SDK's `registerTool` is still used so `tools/list` renders the metadata exactly as the SDK does.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type CallToolRequest,
  type CallToolResult,
  ErrorCode,
  type LoggingLevel,
  McpError,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { WarmConverter } from '../pipeline/light.js';
import { BusyError, type CallBudget, callHeapMb, type Lease } from './budget.js';
import { RpcError } from './rpc-errors.js';

/** All sheetspec tools compute from their arguments only: nothing is read, written or fetched. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** Limits a server applies to every call. */
export interface ToolLimits {
  /** Largest serialized result (UTF-8 bytes of the JSON) returned as is; larger ones are replaced. */
  maxResultBytes: number;
  /** Largest workbook accepted by convert_spreadsheet, in decoded bytes. */
  maxFileBytes: number;
  /**
   * Wall-clock budget of one authoring call's sandbox (validate_spec, eval_expression, test_spec, dry_run,
   * translate_formula), ms: `serve --eval-timeout`, at most MAX_EVAL_TIMEOUT_MS.
   */
  evalTimeoutMs: number;
}

/** The most an operator may give an authoring call (`serve --eval-timeout`): one minute. */
export const MAX_EVAL_TIMEOUT_MS = 60_000;

export const DEFAULT_LIMITS: ToolLimits = {
  maxResultBytes: 50_000,
  maxFileBytes: 25 * 1024 * 1024,
  evalTimeoutMs: 2_000,
};

/** How a tool's authoring call runs in its sandbox: the call's signal and the operator's time budget. */
export function sandboxCall(ctx: ToolContext): { signal: AbortSignal; timeoutMs: number } {
  return { signal: ctx.signal, timeoutMs: Math.min(ctx.limits.evalTimeoutMs, MAX_EVAL_TIMEOUT_MS) };
}

export interface ToolContext {
  /** Aborted when the client cancels the request or disconnects. */
  signal: AbortSignal;
  limits: ToolLimits;
  /** Sends a `notifications/message` to the client, honouring `logging/setLevel`. */
  log(level: LoggingLevel, data: unknown): void;
  /** The process's kept conversion worker (`CreateServerOptions.converter`), if any. */
  converter?: WarmConverter;
}

/** A tool answer: `ok: false` marks an expected failure (a refused workbook, a failing test...). */
export interface ToolOutcome {
  ok: boolean;
  value: Record<string, unknown>;
  /** Content blocks after the JSON one (e.g. convert_spreadsheet's HTML report as an embedded resource). */
  extra?: CallToolResult['content'];
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  /** An object schema loose enough to accept the failure shapes too (SDK clients validate error results). */
  outputSchema: z.ZodObject;
  /** What to tell an agent whose result was too large. */
  tooLargeHint: string;
  handler(args: z.output<I>, ctx: ToolContext): Promise<ToolOutcome>;
}

export type ToolTable = Map<string, ToolDefinition>;

/** Output fields every tool may return on failure; spread into each output schema. */
export function failureFields<T extends z.ZodRawShape>(shape: T, zod: typeof z): T & FailureShape {
  return {
    // First, so a tool's own description of `code` wins.
    code: zod.string().optional().describe('Failure code, e.g. RESULT_TOO_LARGE, BUSY, INTERNAL.'),
    ...shape,
    error: zod.string().optional().describe('Why the call failed (present only on failures).'),
    size: zod.number().optional().describe('Size in bytes of a result that was too large to return.'),
    hint: zod.string().optional().describe('How to narrow a result that was too large.'),
  };
}

type FailureShape = {
  error: z.ZodOptional<z.ZodString>;
  code: z.ZodOptional<z.ZodString>;
  size: z.ZodOptional<z.ZodNumber>;
  hint: z.ZodOptional<z.ZodString>;
};

/** Registers a definition with the SDK (for `tools/list`) and in the dispatch table. */
export function registerDefinedTool<I extends z.ZodObject>(
  server: McpServer,
  table: ToolTable,
  def: ToolDefinition<I>,
): void {
  table.set(def.name, def as unknown as ToolDefinition);
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: def.inputSchema,
      outputSchema: def.outputSchema,
      annotations: { title: def.title, ...READ_ONLY_ANNOTATIONS },
    },
    // Never called: dispatchToolCall replaces the SDK's tools/call handler.
    (async () => {
      throw new McpError(ErrorCode.InternalError, 'tools/call is dispatched by sheetspec');
    }) as never,
  );
}

/**
 * A failure the dispatcher itself reports (`INTERNAL`, `RESULT_TOO_LARGE`, `BUSY`): `{code, error, ...}`, and
 * for a tool whose results say `valid` (convert_spreadsheet) also `valid: false, reason: code`, the shape its
 * own refusals have.
 */
export function dispatcherFailure(
  def: ToolDefinition,
  code: string,
  error: string,
  extra: Record<string, unknown> = {},
): ToolOutcome {
  const conversionShape = 'valid' in def.outputSchema.shape ? { valid: false, reason: code } : {};
  return { ok: false, value: { ...conversionShape, code, error, ...extra } };
}

/** Formats an outcome as a tool result, replacing results over the size limit. */
export function formatOutcome(def: ToolDefinition, outcome: ToolOutcome, limits: ToolLimits): CallToolResult {
  const checked = def.outputSchema.safeParse(outcome.value);
  if (!checked.success) {
    // A library shape the tool did not expect: SDK clients would reject the whole answer, so say what it is.
    const issues = checked.error.issues
      .map((i) => `${i.path.map(String).join('.')}: ${i.message}`)
      .join('; ');
    outcome = dispatcherFailure(def, 'INTERNAL', `${def.name} produced an unexpected result: ${issues}`);
  }
  const text = JSON.stringify(outcome.value);
  const size = Buffer.byteLength(text, 'utf8');
  if (size > limits.maxResultBytes) {
    outcome = dispatcherFailure(def, 'RESULT_TOO_LARGE', 'Result too large', {
      size,
      hint: def.tooLargeHint,
    });
  }
  return toResult(outcome);
}

function toResult(outcome: ToolOutcome): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(outcome.value) }, ...(outcome.extra ?? [])],
    structuredContent: outcome.value,
    ...(outcome.ok ? {} : { isError: true }),
  };
}

/**
 * The `tools/call` handler: unknown tools and invalid arguments are JSON-RPC errors (-32602); expected failures
 * are `isError` results; anything the handler throws unexpectedly becomes an `isError` result with `INTERNAL`.
 * Each call runs under a lease of the process budget, released once the handler's promise has settled; a call
 * the budget cannot admit is a coded `BUSY` result.
 */
export async function dispatchToolCall(
  table: ToolTable,
  request: CallToolRequest,
  ctx: ToolContext,
  budget: CallBudget,
): Promise<CallToolResult> {
  const { name } = request.params;
  const def = table.get(name);
  if (!def) throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`, { tool: name });
  const parsed = def.inputSchema.safeParse(request.params.arguments ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw new RpcError(ErrorCode.InvalidParams, `Invalid arguments for tool ${name}: ${summary}`, { issues });
  }
  let lease: Lease;
  try {
    lease = await budget.acquire(callHeapMb(name), ctx.signal);
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    ctx.log('warning', { tool: name, busy: e.reason });
    const { retryAfterSeconds, data } = e;
    return toResult(dispatcherFailure(def, e.code, e.message, { retryAfterSeconds, ...data }));
  }
  let outcome: ToolOutcome;
  const started = Date.now();
  try {
    outcome = await def.handler(parsed.data, ctx);
    ctx.log(outcome.ok ? 'info' : 'notice', { tool: name, ok: outcome.ok, ms: Date.now() - started });
  } catch (e) {
    if (e instanceof McpError || e instanceof RpcError) throw e;
    ctx.log('error', { tool: name, error: e instanceof Error ? e.message : String(e) });
    outcome = dispatcherFailure(def, 'INTERNAL', e instanceof Error ? e.message : String(e));
  } finally {
    lease.release();
  }
  return formatOutcome(def, outcome, ctx.limits);
}
