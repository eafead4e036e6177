/**
 * The Streamable HTTP transport, stateless: every POST to /mcp gets a fresh server and transport, so instances
 * can sit behind any load balancer. Built on node:http rather than the SDK's `createMcpExpressApp`, which checks
 * Host but not Origin and caps JSON bodies at 100 KB (a 25 MiB workbook is ~35 MB of base64).
 *
 * Checks, in order, before any MCP processing: Host (403, as the SDK does), Origin (403 when present and not
 * allowed), both as http-guards.ts says; bearer token when configured (401); then the body is read under a size
 * limit (413, from Content-Length or as the bytes arrive, never buffered past the limit) and a time limit (408:
 * a stalled or trickling body never holds anything but its own socket); then a batch is refused unless the
 * request's protocol version has batches (400 -32600). Only then, and only for a `tools/call`, is a lease of
 * the process budget taken (budget.ts): a call the budget cannot admit after a short queue is 503 with
 * Retry-After, before the response stream starts. The lease goes with the request's server to the tool
 * dispatcher, which releases it when the call's work has settled; a client that disconnects mid-call closes
 * its server, which aborts the running call.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CodedError, WarmConverter } from '../pipeline/light.js';
import { type BudgetLimits, BusyError, callHeapMb, HeldLease, ProcessBudget } from './budget.js';
import {
  allowedHostNames,
  hostAllowed,
  isLoopbackAddress,
  originAllowed,
  tokenMatches,
} from './http-guards.js';
import type { LoadedResources } from './resources.js';
import {
  batchesAllowed,
  type CreateServerOptions,
  createServer,
  loadServerResources,
  SERVER_NAME,
  SERVER_VERSION,
} from './server.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './stdio.js';

export interface HttpServerOptions extends Omit<CreateServerOptions, 'budget'> {
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Port; default 8808; 0 picks a free one. */
  port?: number;
  /** When set, every /mcp request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Largest request body; default 36 MiB (a 25 MiB workbook as base64 plus the envelope). */
  maxBodyBytes?: number;
  /** Time to receive a request's headers, ms (default 5,000). */
  headersTimeoutMs?: number;
  /** Time to receive a request's body once its headers are in, ms (default 10,000); then 408. */
  bodyTimeoutMs?: number;
  /** The process budget; default one made from `maxConcurrent` and `maxMemoryMb`. */
  budget?: ProcessBudget;
  /** Tool calls running at once (default 4); more wait briefly, then get 503. */
  maxConcurrent?: number;
  /** Sandbox heap the running calls may hold together, MB (default 4,096). */
  maxMemoryMb?: number;
  /** Extra allowed Origin values (exact, e.g. "https://app.example"), besides loopback origins. */
  allowedOrigins?: string[];
  /** Extra allowed Host names (without port), besides loopback names and a specific bound address. */
  allowedHosts?: string[];
  /** Where diagnostics go; default stderr. */
  diagnostics?: (line: string) => void;
  /** Start a kept conversion worker with the server (src/pipeline/warm.ts); default false. */
  warm?: boolean;
}

export interface RunningHttpServer {
  server: Server;
  url: string;
  port: number;
  budget: ProcessBudget;
  close(): Promise<void>;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 5000;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/**
 * Starts the HTTP server and resolves once it listens; a port in use rejects with `ADDRESS_IN_USE` (any other
 * failure to listen with `ADDRESS_UNAVAILABLE`), after closing the warm worker it started.
 */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const budget = options.budget ?? new ProcessBudget(budgetLimits(options));
  const converter = options.converter ?? (options.warm ? new WarmConverter() : undefined);
  const handle = requestHandler({
    ...options,
    budget,
    converter,
    maxBody: options.maxBodyBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    bodyTimeout: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    diag: options.diagnostics ?? ((line: string) => process.stderr.write(`${line}\n`)),
    resources: options.resources ?? (await loadServerResources()),
    allowedHosts: allowedHostNames(host, options.allowedHosts),
    allowedOrigins: new Set(options.allowedOrigins ?? []),
    token: options.token === undefined ? undefined : Buffer.from(options.token, 'utf8'),
  });
  const server = createHttpServer(
    {
      headersTimeout,
      // A backstop behind the body timer of `readBody`; checked every second rather than Node's default 30 s.
      requestTimeout: headersTimeout + (options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS) + 1000,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      void handle(req, res);
    },
  );
  let port: number;
  try {
    port = await listen(server, host, options.port ?? 8808);
  } catch (e) {
    // Why: the warm worker started above keeps the process alive; a server that cannot listen must not.
    if (converter !== options.converter) await converter?.close();
    throw e;
  }
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  return {
    server,
    url,
    port,
    budget,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      if (converter !== options.converter) await converter?.close();
    },
  };
}

function budgetLimits(options: HttpServerOptions): Partial<BudgetLimits> {
  const limits: Partial<BudgetLimits> = {};
  if (options.maxConcurrent !== undefined) limits.maxConcurrent = options.maxConcurrent;
  if (options.maxMemoryMb !== undefined) limits.maxMemoryMb = options.maxMemoryMb;
  return limits;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') {
        reject(new CodedError('ADDRESS_IN_USE', `${host}:${port} is already in use`, { host, port }));
      } else if (e.code === 'EADDRNOTAVAIL' || e.code === 'EACCES') {
        reject(
          new CodedError('ADDRESS_UNAVAILABLE', `cannot listen on ${host}:${port} (${e.code})`, {
            host,
            port,
          }),
        );
      } else reject(e);
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

interface HandlerConfig {
  budget: ProcessBudget;
  maxBody: number;
  bodyTimeout: number;
  diag: (line: string) => void;
  resources: LoadedResources;
  allowedHosts: Set<string>;
  allowedOrigins: Set<string>;
  token: Buffer | undefined;
  limits?: CreateServerOptions['limits'];
  logLevel?: LoggingLevel;
  converter?: WarmConverter;
}

function requestHandler(c: HandlerConfig): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const peerLoopback = isLoopbackAddress(req.socket.remoteAddress);
    if (!hostAllowed(req.headers.host, peerLoopback, c.allowedHosts)) {
      return plain(res, 403, 'Forbidden: Host not allowed');
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, peerLoopback, c.allowedOrigins)) {
      return plain(res, 403, 'Forbidden: Origin not allowed');
    }
    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return plain(res, 405, 'Method Not Allowed', { Allow: 'GET' });
      const { running, ...rest } = c.budget.status();
      return json(res, 200, {
        status: 'ok',
        name: SERVER_NAME,
        version: SERVER_VERSION,
        inFlight: running,
        ...rest,
      });
    }
    if (path !== '/mcp') return plain(res, 404, 'Not Found: the MCP endpoint is /mcp');
    if (c.token && !tokenMatches(req.headers.authorization, c.token)) {
      return plain(res, 401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to delete.
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless; POST to /mcp', {
        Allow: 'POST',
      });
    }
    const parsed = await readMessage(req, res, c);
    if (parsed === undefined) return;
    const held = await leaseFor(parsed, res, c.budget);
    if (held === 'refused') return;
    try {
      await serve(req, res, parsed, held, c);
    } catch (e) {
      held?.releaseUnclaimed();
      c.diag(`sheetspec: HTTP request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
    }
  };
}

/** The body as JSON, after the size, time and batch checks; undefined when an answer has been sent. */
async function readMessage(req: IncomingMessage, res: ServerResponse, c: HandlerConfig): Promise<unknown> {
  const body = await readBody(req, c.maxBody, c.bodyTimeout);
  if (body === 'too-large') {
    rpcError(res, 413, -32600, `Request body too large: the limit is ${c.maxBody} bytes`, {
      Connection: 'close',
    });
    return undefined;
  }
  if (body === 'timeout') {
    rpcError(res, 408, -32600, `Request body not received within ${c.bodyTimeout} ms`, {
      Connection: 'close',
    });
    res.once('finish', () => req.destroy());
    return undefined;
  }
  if (body === 'aborted') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripBom(body.toString('utf8')));
  } catch {
    rpcError(res, 400, -32700, 'Parse error: the body is not valid JSON');
    return undefined;
  }
  const version = headerValue(req.headers['mcp-protocol-version']) ?? '2025-03-26';
  if (Array.isArray(parsed) && !batchesAllowed(version)) {
    rpcError(res, 400, -32600, `Invalid Request: protocol version ${version} has no JSON-RPC batches`);
    return undefined;
  }
  return parsed;
}

/**
 * For a single `tools/call`, a lease of the process budget taken now, so that "busy" can still be a 503;
 * `undefined` for anything else (the dispatcher asks the budget itself); `refused` once a 503 is sent.
 */
async function leaseFor(
  message: unknown,
  res: ServerResponse,
  budget: ProcessBudget,
): Promise<HeldLease | undefined | 'refused'> {
  const m = message as { method?: unknown; id?: unknown; params?: { name?: unknown } } | null;
  if (m?.method !== 'tools/call' || m.id === undefined || typeof m.params?.name !== 'string')
    return undefined;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once('close', onClose);
  try {
    return new HeldLease(budget, await budget.acquire(callHeapMb(m.params.name), gone.signal));
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    if (!res.destroyed) {
      const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
      json(
        res,
        503,
        {
          jsonrpc: '2.0',
          id,
          error: { code: -32000, message: e.message, data: { code: e.code, ...e.data } },
        },
        { 'Retry-After': String(e.retryAfterSeconds) },
      );
    }
    return 'refused';
  } finally {
    res.off('close', onClose);
  }
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  parsed: unknown,
  held: HeldLease | undefined,
  c: HandlerConfig,
): Promise<void> {
  let closed = false;
  let stop = () => {};
  res.on('close', () => {
    // Finished or the client went away: either way this request's server is done; closing aborts a call
    // still running, whose dispatcher then releases the lease once the work has stopped.
    closed = true;
    held?.releaseUnclaimed();
    stop();
  });
  const server = await createServer({
    limits: c.limits,
    resources: c.resources,
    budget: held ?? c.budget,
    logLevel: c.logLevel,
    converter: c.converter,
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  stop = () => {
    void transport.close();
    void server.close();
  };
  if (closed) return stop();
  await server.connect(transport);
  await transport.handleRequest(req, res, parsed);
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Reads a body up to `limit` bytes within `timeoutMs`; past the limit, stops buffering and drains the rest. */
function readBody(
  req: IncomingMessage,
  limit: number,
  timeoutMs: number,
): Promise<Buffer | 'too-large' | 'timeout' | 'aborted'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve('too-large');
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const done = (result: Buffer | 'too-large' | 'timeout' | 'aborted') => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      chunks.length = 0;
      resolve(result);
    };
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > limit) done('too-large');
      else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('aborted', () => done('aborted'));
    req.on('error', () => done('aborted'));
  });
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(`${text}\n`);
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  json(res, status, { jsonrpc: '2.0', id: null, error: { code, message } }, headers);
}
