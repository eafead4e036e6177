/**
 * `createServer()`: one MCP server with the sheetspec tools, resources and prompt, ready to connect to any
 * transport (stdio.ts, http.ts, or an in-memory pair in tests).
 *
 * Three SDK handlers are replaced after registration, each for a spec-conformance reason:
 * - `tools/call` (tool.ts, `dispatchToolCall`): unknown tools and invalid arguments become JSON-RPC -32602
 *   instead of `isError` results, results are size-guarded, each call runs under the process budget
 *   (budget.ts), and cancellation reaches the running call;
 * - `resources/read` (resources.ts): an unknown URI is -32002;
 * - `logging/setLevel`: the level is kept per server, starting at `logLevel` (the `--log-level` of `serve`).
 *   Over stdio a server is the session, so the level holds until changed. Over stateless HTTP every request
 *   gets a fresh server and its notifications travel on that request's own response stream, so a
 *   `logging/setLevel` lasts for its own request only and the level in effect is the server-wide `logLevel`
 *   (the spec lets a server choose what to send when the client has not set a level).
 * Then every handler's errors are shaped once (rpc-errors.ts): malformed params are -32602 with a short message,
 * and messages go out without the SDK's "MCP error <code>:" prefix, which SDK clients add themselves.
 *
 * No list changes while a server runs, so `listChanged` is not advertised (the SDK sets it when tools,
 * resources or prompts are registered).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type LoggingLevel,
  SetLevelRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { WarmConverter } from '../pipeline/light.js';
import { type CallBudget, ProcessBudget } from './budget.js';
import { registerPrompts } from './prompts.js';
import { type LoadedResources, loadResources, registerResources } from './resources.js';
import { DEFAULT_LIMITS, dispatchToolCall, type ToolLimits, type ToolTable } from './tool.js';
import { registerConvertSpreadsheetTool } from './tools/convert-spreadsheet.js';
import { registerDryRunTool } from './tools/dry-run.js';
import { registerEvalExpressionTool } from './tools/eval-expression.js';
import { registerGetDomainGuidanceTool } from './tools/get-domain-guidance.js';
import { registerListFunctionsTool } from './tools/list-functions.js';
import { registerTestSpecTool } from './tools/test-spec.js';
import { registerTranslateFormulaTool } from './tools/translate-formula.js';
import { registerValidateSpecTool } from './tools/validate-spec.js';
import { catalogueText } from './library.js';
import { shapeHandlerErrors } from './rpc-errors.js';

export const SERVER_NAME = 'sheetspec';
export const SERVER_VERSION = '0.1.0';

/** Protocol versions this server negotiates (oldest to newest). */
export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

/**
 * JSON-RPC batches exist in one protocol version: added in 2025-03-26, removed in 2025-06-18. Both transports
 * accept a batch only when that is the negotiated version (stdio: the one `initialize` answered; HTTP: the
 * `MCP-Protocol-Version` header, which a server assumes to be 2025-03-26 when absent) and answer -32600
 * otherwise.
 */
/** The version `initialize` answers a request for `requested` with: that one when supported, else the newest. */
export function negotiatedVersion(requested: unknown): string {
  const known: readonly string[] = PROTOCOL_VERSIONS;
  return typeof requested === 'string' && known.includes(requested) ? requested : known[known.length - 1]!;
}

export function batchesAllowed(protocolVersion: string | undefined): boolean {
  return protocolVersion === '2025-03-26';
}

export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

export interface CreateServerOptions {
  limits?: Partial<ToolLimits>;
  /** Loaded once per process and shared between servers; default: loaded now. */
  resources?: LoadedResources;
  /** The process budget every tool call runs under; default: a budget of this server's own. */
  budget?: CallBudget;
  /** Lowest level of the tool logs sent until the client sets one (default `info`). */
  logLevel?: LoggingLevel;
  /**
   * The conversions' kept worker (src/pipeline/warm.ts), shared by every server of the process; its owner
   * closes it. Default none: each conversion in a fresh worker.
   */
  converter?: WarmConverter;
}

export const SERVER_INSTRUCTIONS =
  'sheetspec compiles an Excel header-row table (.xlsx) into a verified ModelSpec: JSON with JSONata ' +
  'derivations. Start with convert_spreadsheet; review rejectedColumns and the `draft` beside them; check the ' +
  'spec with test_spec and dry_run; finish refused columns with translate_formula in column mode (draft + ' +
  'column), list_functions and eval_expression, then validate_spec and test_spec with the draft\'s tests. The prompt "convert-and-review" spells out the steps. No tool reads or writes files.';

/** Loads the resources served by every server of this process (guides, schema, catalogue, examples). */
export async function loadServerResources(): Promise<LoadedResources> {
  return loadResources(catalogueText());
}

/** Builds a server with the 8 tools, the resources and the prompt. */
export async function createServer(options: CreateServerOptions = {}): Promise<McpServer> {
  const limits: ToolLimits = { ...DEFAULT_LIMITS, ...options.limits };
  // The SDK negotiates from this list: an unknown requested version gets the newest.
  if (!PROTOCOL_VERSIONS.every((v) => SUPPORTED_PROTOCOL_VERSIONS.includes(v))) {
    throw new Error('the installed MCP SDK does not support every protocol version sheetspec advertises');
  }
  const server = new McpServer(
    { name: SERVER_NAME, title: 'sheetspec', version: SERVER_VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, logging: {} },
      instructions: SERVER_INSTRUCTIONS,
    },
  );
  const tools: ToolTable = new Map();
  registerConvertSpreadsheetTool(server, tools);
  registerValidateSpecTool(server, tools);
  registerEvalExpressionTool(server, tools);
  registerTestSpecTool(server, tools);
  registerDryRunTool(server, tools);
  registerGetDomainGuidanceTool(server, tools);
  registerTranslateFormulaTool(server, tools);
  registerListFunctionsTool(server, tools);
  registerResources(server, options.resources ?? (await loadServerResources()));
  registerPrompts(server);
  server.server.registerCapabilities({
    tools: { listChanged: undefined },
    resources: { listChanged: undefined },
    prompts: { listChanged: undefined },
  });

  const budget = options.budget ?? new ProcessBudget();
  let level: LoggingLevel = options.logLevel ?? 'info';
  server.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    level = request.params.level;
    return {};
  });
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    dispatchToolCall(
      tools,
      request,
      {
        signal: extra.signal,
        limits,
        converter: options.converter,
        log: (msgLevel, data) => {
          if (LOG_LEVELS.indexOf(msgLevel) < LOG_LEVELS.indexOf(level)) return;
          extra
            .sendNotification({
              method: 'notifications/message',
              params: { level: msgLevel, logger: 'sheetspec', data },
            })
            .catch(() => {});
        },
      },
      budget,
    ),
  );
  shapeHandlerErrors(server.server);
  return server;
}
