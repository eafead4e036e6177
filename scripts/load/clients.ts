/** Loopback clients for the harness: raw MCP POSTs (answered, stalled or abandoned) and a stdio session. */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';

const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

export interface Answer {
  status: number;
  /** The JSON-RPC answer with the request's id, when there was one. */
  message?: { result?: { isError?: boolean; structuredContent?: Record<string, unknown> }; error?: unknown };
  ms: number;
}

function messages(text: string): Array<{ id?: unknown }> {
  try {
    if (!text.startsWith('event:') && !text.startsWith('data:')) return [JSON.parse(text)];
    return text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
  } catch {
    return [];
  }
}

/** One POST to /mcp; resolves with status 0 on a network error or after `timeoutMs`. */
export function post(port: number, body: unknown, timeoutMs = 120_000): Promise<Answer> {
  const started = Date.now();
  const id = (body as { id?: unknown }).id;
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: ACCEPT }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => {
        text += b.toString('utf8');
      });
      res.on('end', () => {
        const message = messages(text).find((m) => m.id === id) as Answer['message'];
        resolve({ status: res.statusCode ?? 0, message, ms: Date.now() - started });
      });
      res.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
    req.end(JSON.stringify(body));
  });
}

/** A POST that hangs up `afterMs` after sending its body (a client that went away mid-call). */
export function abandon(port: number, body: unknown, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: ACCEPT });
    req.on('error', () => resolve());
    req.end(JSON.stringify(body), () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, afterMs),
    );
  });
}

/** A POST whose body never completes; resolves with the status the server answered (408 expected). */
export function stall(port: number, timeoutMs: number): { done: Promise<number>; stop(): void } {
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/mcp',
    method: 'POST',
    headers: { ...ACCEPT, 'Content-Length': '100000' },
  });
  const done = new Promise<number>((resolve) => {
    const timer = setTimeout(() => {
      req.destroy();
      resolve(0);
    }, timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve(0);
    });
  });
  req.write('{"jsonrpc":"2.0",');
  return { done, stop: () => req.destroy() };
}

export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** A stdio server child: send lines, get answers by id. */
export function stdioServer(command: string, args: string[]) {
  const child: ChildProcess = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map<number, (m: Answer['message']) => void>();
  let buffer = '';
  child.stdout!.on('data', (b: Buffer) => {
    buffer += b.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const m = JSON.parse(line) as { id?: number };
        if (typeof m.id === 'number') waiting.get(m.id)?.(m as Answer['message']);
      } catch {
        // not ours to judge here
      }
    }
  });
  const send = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  return {
    child,
    request(id: number, method: string, params: unknown, timeoutMs = 60_000): Promise<Answer['message']> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        waiting.set(id, (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        send({ jsonrpc: '2.0', id, method, params });
      });
    },
    notify: (method: string) => send({ jsonrpc: '2.0', method }),
    close: () => child.stdin!.end(),
  };
}
