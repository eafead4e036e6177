/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, diagnostics on stderr only.
 *
 * Written here rather than using the SDK's StdioServerTransport for three behaviours it lacks:
 * - a UTF-8 byte order mark at the start of stdin (some Windows clients write one) is skipped;
 * - a line longer than the message limit is dropped as it arrives (never buffered whole) and answered with a
 *   JSON-RPC error, where the SDK closes the transport once 10 MiB are buffered;
 * - a line that is not JSON is answered with -32700 (parse error) as JSON-RPC 2.0 asks, and the server goes on.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type CreateServerOptions } from './server.js';

/** Largest stdin line accepted: a 25 MiB workbook as base64 (~35 MB) plus the JSON-RPC envelope. */
export const DEFAULT_MAX_MESSAGE_BYTES = 36 * 1024 * 1024;

export interface StdioTransportOptions {
  maxMessageBytes?: number;
  /** Where diagnostics go; default stderr. */
  diagnostics?: (line: string) => void;
}

export class SheetspecStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  private dropping = false;
  private atStart = true;
  private closed = false;
  private ended = false;
  /** Requests received and not yet answered: on end of input the transport closes once they are. */
  private readonly pending = new Set<string | number>();
  private readonly maxBytes: number;
  private readonly diag: (line: string) => void;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    options: StdioTransportOptions = {},
  ) {
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.diag = options.diagnostics ?? ((line) => process.stderr.write(`${line}\n`));
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const text = `${JSON.stringify(message)}\n`;
    await new Promise<void>((resolve) => {
      if (this.output.write(text)) resolve();
      else this.output.once('drain', resolve);
    });
    if ('id' in message && !('method' in message) && message.id !== null && message.id !== undefined) {
      this.pending.delete(message.id);
      if (this.ended && this.pending.size === 0) void this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    this.chunks = [];
    this.onclose?.();
  }

  private readonly onInputError = (e: Error) => this.onerror?.(e);

  private readonly onEnd = () => {
    // A client that writes its requests and closes stdin (a shell pipe) still gets every answer.
    this.ended = true;
    if (this.pending.size === 0) void this.close();
  };

  private readonly onData = (chunk: Buffer | string) => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (this.atStart && buf.length > 0) {
      this.atStart = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(0x0a, from);
      if (nl === -1) break;
      this.take(buf.subarray(from, nl));
      this.endLine();
      from = nl + 1;
    }
    if (from < buf.length) this.take(buf.subarray(from));
  };

  private take(part: Buffer): void {
    if (this.dropping || part.length === 0) return;
    if (this.buffered + part.length > this.maxBytes) {
      // Too long: forget what was buffered and skip the rest of the line as it arrives.
      this.dropping = true;
      this.chunks = [];
      this.buffered = 0;
      return;
    }
    this.chunks.push(part);
    this.buffered += part.length;
  }

  private endLine(): void {
    if (this.dropping) {
      this.dropping = false;
      this.diag(`sheetspec: dropped a message over ${this.maxBytes} bytes`);
      void this.send(errorResponse(-32600, `Message too large: the limit is ${this.maxBytes} bytes`));
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      void this.send(errorResponse(-32700, 'Parse error: the line is not valid JSON'));
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      void this.send(
        errorResponse(
          -32600,
          'Invalid Request: not a JSON-RPC 2.0 message',
          typeof id === 'string' || typeof id === 'number' ? id : null,
        ),
      );
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message && message.id !== undefined) this.pending.add(message.id);
    this.onmessage?.(message);
  }
}

function errorResponse(code: number, message: string, id: string | number | null = null): JSONRPCMessage {
  // JSON-RPC 2.0 answers an unreadable request with id null; the SDK's types want a string or number there.
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

/** Serves MCP on stdin/stdout until stdin ends. */
export async function runStdioServer(
  options: CreateServerOptions & StdioTransportOptions = {},
): Promise<void> {
  const server = await createServer(options);
  const transport = new SheetspecStdioTransport(process.stdin, process.stdout, options);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stderr.write('sheetspec: MCP server ready on stdio\n');
  await closed;
}
