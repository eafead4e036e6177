/**
 * How request handlers' errors become JSON-RPC errors, for every method the server answers.
 *
 * Two SDK behaviours are corrected here, once for all handlers (`shapeHandlerErrors`, installed last by
 * `createServer`):
 * - the SDK parses a request's params with its zod schema inside the handler wrapper and lets the ZodError
 *   escape, which goes out as -32603 with the whole issue list as JSON; a malformed request is -32602 (invalid
 *   params) with a one-line message;
 * - `McpError` puts "MCP error <code>: " in front of its message, which then travels in the JSON-RPC message
 *   and an SDK client adds the same prefix again ("MCP error -32602: MCP error -32602: ..."); the message sent
 *   here is the bare one.
 *
 * Handlers of our own throw `RpcError`, an Error with a JSON-RPC `code` and a bare message.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error to send as is: `code`, a bare `message`, optional `data`. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

const PREFIX = /^MCP error -?\d+: /;

interface Issue {
  path: PropertyKey[];
  message: string;
}

function isZodError(e: unknown): e is Error & { issues: Issue[] } {
  return e instanceof Error && /ZodError$/.test(e.name) && Array.isArray((e as { issues?: unknown }).issues);
}

/** "name: expected string; arguments: expected record": the first few issues, paths without `params.`. */
export function summariseIssues(issues: readonly Issue[], max = 3): string {
  const parts = issues.slice(0, max).map((i) => {
    const path = i.path.map(String).filter((p, n) => !(n === 0 && p === 'params'));
    const message = i.message.length > 120 ? `${i.message.slice(0, 117)}...` : i.message;
    return path.length > 0 ? `${path.join('.')}: ${message}` : message;
  });
  if (issues.length > max) parts.push(`and ${issues.length - max} more`);
  return parts.join('; ');
}

/** The error a handler threw, as the JSON-RPC error to send. */
export function toRpcError(method: string, e: unknown): unknown {
  if (isZodError(e)) {
    return new RpcError(
      ErrorCode.InvalidParams,
      `Invalid params for ${method}: ${summariseIssues(e.issues)}`,
    );
  }
  if (e instanceof McpError) return new RpcError(e.code, e.message.replace(PREFIX, ''), e.data);
  return e;
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/** Wraps every request handler installed on `server` so its errors go out shaped as above. */
export function shapeHandlerErrors(server: Server): void {
  // The SDK keeps its handlers in a private map and offers no hook around the params parse.
  const handlers = (server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (e) {
        throw toRpcError(method, e);
      }
    });
  }
}
