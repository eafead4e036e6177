/**
 * The Streamable HTTP transport, stateless: every POST to /mcp gets a fresh server and transport, so instances
 * can sit behind any load balancer. Built on node:http rather than the SDK's `createMcpExpressApp`, which checks
 * Host but not Origin and caps JSON bodies at 100 KB (a 25 MiB workbook is ~35 MB of base64).
 *
 * Checks, in order, before any MCP processing: Host (421... answered 403 like Origin, as the SDK does), Origin
 * (403 when present and not allowed: only loopback origins by default, against DNS rebinding from a browser),
 * bearer token when configured (401), concurrency (503 with Retry-After beyond `maxConcurrent` calls in
 * flight), body size (413, from Content-Length or as the bytes arrive, never buffered past the limit). A client
 * that disconnects mid-call closes its server, which aborts the running call.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { LoadedResources } from './resources.js';
import {
  type CreateServerOptions,
  createServer,
  loadServerResources,
  SERVER_NAME,
  SERVER_VERSION,
} from './server.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './stdio.js';

export interface HttpServerOptions extends CreateServerOptions {
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Port; default 8808; 0 picks a free one. */
  port?: number;
  /** When set, every /mcp request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Largest request body; default 36 MiB (a 25 MiB workbook as base64 plus the envelope). */
  maxBodyBytes?: number;
  /** Calls in flight at once; more are answered 503. Default 4. */
  maxConcurrent?: number;
  /** Extra allowed Origin values (exact, e.g. "https://app.example"), besides loopback origins. */
  allowedOrigins?: string[];
  /** Extra allowed Host header names (without port), besides localhost, 127.0.0.1, [::1] and the bound host. */
  allowedHosts?: string[];
  /** Where diagnostics go; default stderr. */
  diagnostics?: (line: string) => void;
}

export interface RunningHttpServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Starts the HTTP server and resolves once it listens. */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const maxConcurrent = options.maxConcurrent ?? 4;
  const diag = options.diagnostics ?? ((line: string) => process.stderr.write(`${line}\n`));
  const resources: LoadedResources = options.resources ?? (await loadServerResources());
  const allowedHosts = new Set([...LOOPBACK_HOSTS, hostName(host), ...(options.allowedHosts ?? [])]);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const token = options.token === undefined ? undefined : Buffer.from(options.token, 'utf8');
  let inFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (!hostAllowed(req.headers.host, allowedHosts)) return plain(res, 403, 'Forbidden: Host not allowed');
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, allowedOrigins)) {
      return plain(res, 403, 'Forbidden: Origin not allowed');
    }
    if (path === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return plain(res, 405, 'Method Not Allowed', { Allow: 'GET' });
      return json(res, 200, { status: 'ok', name: SERVER_NAME, version: SERVER_VERSION, inFlight });
    }
    if (path !== '/mcp') return plain(res, 404, 'Not Found: the MCP endpoint is /mcp');
    if (token && !tokenMatches(req.headers.authorization, token)) {
      return plain(res, 401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    if (req.method !== 'POST') {
      // Stateless: no server-initiated stream (GET) and no session to delete.
      return rpcError(res, 405, -32000, 'Method not allowed: this server is stateless; POST to /mcp', {
        Allow: 'POST',
      });
    }
    if (inFlight >= maxConcurrent) {
      req.resume();
      return rpcError(res, 503, -32000, 'Server busy: too many calls in flight; retry shortly', {
        'Retry-After': '1',
      });
    }
    inFlight++;
    try {
      const body = await readBody(req, maxBody);
      if (body === 'too-large') {
        return rpcError(res, 413, -32600, `Request body too large: the limit is ${maxBody} bytes`, {
          Connection: 'close',
        });
      }
      if (body === 'aborted') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(stripBom(body.toString('utf8')));
      } catch {
        return rpcError(res, 400, -32700, 'Parse error: the body is not valid JSON');
      }
      const server = await createServer({ limits: options.limits, resources });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        // Finished or the client went away: either way this request's server is done; closing aborts a call
        // still running.
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, parsed);
    } catch (e) {
      diag(`sheetspec: HTTP request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
    } finally {
      inFlight--;
    }
  };

  const server = createHttpServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8808, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  return {
    server,
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function hostName(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

function hostAllowed(header: string | undefined, allowed: Set<string>): boolean {
  if (!header) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(header.trim().toLowerCase());
  return m !== null && allowed.has(m[1]!);
}

function originAllowed(origin: string, extra: Set<string>): boolean {
  if (extra.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.includes(url.hostname);
}

function tokenMatches(header: string | undefined, token: Buffer): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]!.trim(), 'utf8');
  return given.length === token.length && timingSafeEqual(given, token);
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Reads a body up to `limit` bytes; past it, stops buffering and drains the rest. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve('too-large');
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('aborted', () => resolve('aborted'));
    req.on('error', () => resolve('aborted'));
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
