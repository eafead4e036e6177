/**
 * The stdio transport: newline-delimited JSON-RPC on stdin/stdout, diagnostics on stderr only.
 *
 * Written here rather than using the SDK's StdioServerTransport for behaviours it lacks:
 * - a UTF-8 byte order mark at the start of stdin (some Windows clients write one) is skipped;
 * - a line longer than the message limit is dropped as it arrives (never buffered whole) and answered with a
 *   JSON-RPC error, where the SDK closes the transport once 10 MiB are buffered;
 * - a line that is not JSON is answered with -32700 (parse error) as JSON-RPC 2.0 asks, and the server goes on;
 * - a last message without a trailing newline is still read when stdin ends;
 * - a JSON-RPC batch (an array) is accepted when the negotiated protocol version has batches (2025-03-26, as
 *   on HTTP; `batchesAllowed`) and answered with one array of the responses; otherwise it is -32600.
 *
 * Every tool call of the process runs under one budget (`runStdioServer` makes it): beyond it a call waits
 * briefly, then gets a coded `BUSY` tool error, so a client sending many calls at once cannot start a sandbox
 * per call.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { WarmConverter } from '../pipeline/light.js';
import { type BudgetLimits, ProcessBudget } from './budget.js';
import { batchesAllowed, createServer, type CreateServerOptions, negotiatedVersion } from './server.js';

/** Largest stdin line accepted: a 25 MiB workbook as base64 (~35 MB) plus the JSON-RPC envelope. */
export const DEFAULT_MAX_MESSAGE_BYTES = 36 * 1024 * 1024;

export interface StdioTransportOptions {
  maxMessageBytes?: number;
  /** Where diagnostics go; default stderr. */
  diagnostics?: (line: string) => void;
}

type Id = string | number;

/** The requests of one batch line, answered together once all have their response. */
interface Batch {
  ids: Id[];
  waiting: number;
  answers: JSONRPCMessage[];
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
  private readonly pending = new Set<Id>();
  /** Request id → the batch it came in. */
  private readonly batchOf = new Map<Id, Batch>();
  /** Ids of `initialize` requests, to read the negotiated version from their answer. */
  private readonly initializeIds = new Set<Id>();
  /** The protocol version `initialize` answered with; undefined before. */
  protocolVersion: string | undefined;
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
    const id = responseId(message);
    if (id !== undefined && this.initializeIds.delete(id)) {
      const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
      if (typeof version === 'string') this.protocolVersion = version;
    }
    const batch = id === undefined ? undefined : this.batchOf.get(id);
    if (batch) {
      this.batchOf.delete(id!);
      batch.answers.push(message);
      if (--batch.waiting > 0) return;
      await this.write(JSON.stringify(batch.answers));
    } else {
      await this.write(JSON.stringify(message));
    }
    if (id === undefined) return;
    for (const answered of batch ? batch.ids : [id]) this.pending.delete(answered);
    if (this.ended && this.pending.size === 0) void this.close();
  }

  private write(text: string): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.output.write(`${text}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
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
    // A client that writes its requests and closes stdin (a shell pipe) still gets every answer, the last
    // line's too when it has no newline.
    if (this.dropping || this.buffered > 0) this.endLine();
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
    if (Array.isArray(json)) this.takeBatch(json);
    else {
      const message = this.validated(json);
      if (message) this.deliver(message);
    }
  }

  /** A JSON value as a JSON-RPC message, or undefined once its -32600 answer is on its way. */
  private validated(json: unknown): JSONRPCMessage | undefined {
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    const id = (json as { id?: unknown } | null)?.id;
    void this.send(
      errorResponse(
        -32600,
        'Invalid Request: not a JSON-RPC 2.0 message',
        typeof id === 'string' || typeof id === 'number' ? id : null,
      ),
    );
    return undefined;
  }

  private takeBatch(items: unknown[]): void {
    if (!batchesAllowed(this.protocolVersion)) {
      const version = this.protocolVersion ?? 'none negotiated yet';
      void this.send(
        errorResponse(-32600, `Invalid Request: protocol version ${version} has no JSON-RPC batches`),
      );
      return;
    }
    if (items.length === 0) {
      void this.send(errorResponse(-32600, 'Invalid Request: an empty batch'));
      return;
    }
    const messages = items.map((item) => JSONRPCMessageSchema.safeParse(item));
    const batch: Batch = { ids: [], waiting: 0, answers: [] };
    for (const m of messages) {
      if (m.success && 'method' in m.data && 'id' in m.data && m.data.id !== undefined) {
        batch.ids.push(m.data.id);
        this.batchOf.set(m.data.id, batch);
      }
    }
    batch.waiting = batch.ids.length;
    // Invalid members are answered on their own line: they have no usable id to place in the batch's answer.
    messages.forEach((m, i) => {
      if (m.success) this.deliver(m.data);
      else this.validated(items[i]);
    });
  }

  private deliver(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message && message.id !== undefined) {
      this.pending.add(message.id);
      if (message.method === 'initialize') {
        // Known now for lines already read behind it; the answer, when sent, is the authority.
        this.protocolVersion = negotiatedVersion(message.params?.protocolVersion);
        this.initializeIds.add(message.id);
      }
    }
    this.onmessage?.(message);
  }
}

/** The id of a response (result or error), else undefined. */
function responseId(message: JSONRPCMessage): Id | undefined {
  if ('method' in message || !('id' in message)) return undefined;
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function errorResponse(code: number, message: string, id: string | number | null = null): JSONRPCMessage {
  // JSON-RPC 2.0 answers an unreadable request with id null; the SDK's types want a string or number there.
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

/**
 * Serves MCP on stdin/stdout until stdin ends, every call under one process budget; conversions on a kept
 * worker started now (`warm`, default false; src/pipeline/warm.ts), closed when the server closes.
 */
export async function runStdioServer(
  options: CreateServerOptions &
    StdioTransportOptions &
    Partial<Pick<BudgetLimits, 'maxConcurrent'>> & {
      maxMemoryMb?: number;
      warm?: boolean;
    } = {},
): Promise<void> {
  const { maxConcurrent, maxMemoryMb, warm = false, ...rest } = options;
  const budget = rest.budget ?? new ProcessBudget({ maxConcurrent, maxMemoryMb });
  const converter = rest.converter ?? (warm ? new WarmConverter() : undefined);
  const server = await createServer({ ...rest, budget, converter });
  const transport = new SheetspecStdioTransport(process.stdin, process.stdout, options);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  process.stderr.write('sheetspec: MCP server ready on stdio\n');
  await closed;
  if (converter !== rest.converter) await converter?.close();
}
