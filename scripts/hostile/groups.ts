/**
 * The non-workbook hostile cases, in three groups each run in one child process (child.ts `group <name>`):
 * - `formula`: the formula parser on deep, long, unterminated, unknown, unicode and control-character text;
 * - `spec`: the authoring tools (sandboxed) on runaway expressions, hostile input and hostile specs;
 * - `protocol`: the MCP server over HTTP: malformed JSON-RPC, oversize bodies, unknown methods, a flood of
 *   concurrent calls, a client that disconnects mid-call.
 * Each case reports the code it ended in and checks its own expectation (`problem` when it does not hold).
 * Memory per case is the process's peak so far (monotonic within a group).
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseFormula } from '../../src/workbook/formula/index.js';
import { parseJsonText } from '../../src/modelspec/index.js';
import type { ModelSpec } from '../../src/modelspec/types.js';
import { dryRun, evalExpression, validateSpec } from '../../src/authoring/index.js';
import { type ChildLine, rssMb } from './line.js';

interface GroupCase {
  name: string;
  /** Returns the code it ended in; throws → the case fails (nothing may throw uncoded). */
  run: () => Promise<{ code: string; problem?: string; detail?: string }>;
}

const codeOf = (e: unknown): string => {
  const c = (e as { code?: unknown })?.code;
  return typeof c === 'string' ? c : 'UNCODED_THROW';
};

/** `problem` unless `code` is one of `allowed`. */
function expectCode(code: string, allowed: string[]): string | undefined {
  return allowed.includes(code) ? undefined : `expected ${allowed.join('|')}, got ${code}`;
}

// ---------------------------------------------------------------------------------------------- formula

function formulaCase(name: string, text: string, allowed: string[], maxLength?: number): GroupCase {
  return {
    name,
    run: async () => {
      const r = parseFormula(text, maxLength === undefined ? {} : { maxLength });
      const first = r.diagnostics.find((d) => d.severity === 'error') ?? r.diagnostics[0];
      const code = first ? first.code : 'OK';
      let problem = expectCode(code, allowed);
      if (!problem && first && first.span === undefined) problem = `diagnostic ${first.code} has no position`;
      return { code, problem, detail: first ? `span ${first.span?.start}-${first.span?.end}` : undefined };
    },
  };
}

function formulaCases(): GroupCase[] {
  const pad = (n: number) => `A1${'+1'.repeat((n - 2) / 2)}`;
  return [
    formulaCase('10,000-deep parentheses', `=${'('.repeat(10_000)}1${')'.repeat(10_000)}`, [
      'FORMULA_TOO_LONG',
      'FORMULA_TOO_DEEP',
    ]),
    formulaCase('4,000-deep parentheses (within length)', `=${'('.repeat(4000)}1${')'.repeat(4000)}`, [
      'FORMULA_TOO_DEEP',
    ]),
    formulaCase('10,000-deep function nesting', `=${'ABS('.repeat(10_000)}1${')'.repeat(10_000)}`, [
      'FORMULA_TOO_LONG',
      'FORMULA_TOO_DEEP',
    ]),
    formulaCase(
      '10,000-deep nesting with the length limit lifted',
      `=${'('.repeat(10_000)}1${')'.repeat(10_000)}`,
      ['FORMULA_TOO_DEEP'],
      1_000_000,
    ),
    formulaCase('10,000 unary minus', `=${'-'.repeat(10_000)}1`, ['FORMULA_TOO_LONG', 'FORMULA_TOO_DEEP']),
    formulaCase('formula of 8,192 characters', `=${pad(8192)}`, ['OK']),
    formulaCase('formula of 8,194 characters', `=${pad(8194)}`, ['FORMULA_TOO_LONG']),
    formulaCase('1 MB formula', `=${pad(1 << 20)}`, ['FORMULA_TOO_LONG']),
    formulaCase('unterminated string', '="abc', ['UNTERMINATED_STRING', 'SYNTAX_ERROR', 'UNEXPECTED_TOKEN']),
    formulaCase('stray quotes', `=A1&"a""b"""&'x`, [
      'UNTERMINATED_STRING',
      'SYNTAX_ERROR',
      'UNEXPECTED_TOKEN',
      'UNTERMINATED_QUOTE',
    ]),
    formulaCase('unknown function', '=FOOBAR(A1, 2)', ['OK']),
    formulaCase('RTL and emoji text', '="مرحبا"&"שלום"&"\u202Eevil"&"😀"&A1', ['OK']),
    formulaCase('NUL and control characters', '=A1&"\u0000\u0001\u001f"&B1\u0000', [
      'OK',
      'SYNTAX_ERROR',
      'UNEXPECTED_TOKEN',
      'UNEXPECTED_CHARACTER',
    ]),
    formulaCase('lone surrogates', '="\uD800"&A1&"\uDFFF"', ['OK']),
    formulaCase('empty formula', '=', ['FORMULA_EMPTY']),
  ];
}

// ------------------------------------------------------------------------------------------------- spec

function evalCase(name: string, expr: string, allowed: string[], input?: unknown): GroupCase {
  return {
    name,
    run: async () => {
      const r = await evalExpression(
        { expr, input },
        { limits: { timeoutMs: 2000, maxHeapMb: 256, maxResultChars: 1_000_000 } },
      );
      const code = r.ok ? 'OK' : r.error.code;
      return {
        code,
        problem: expectCode(code, allowed),
        detail: r.ok ? undefined : r.error.message.slice(0, 160),
      };
    },
  };
}

function chainSpec(n: number, cycle: boolean): ModelSpec {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) properties[`x${i}`] = { type: 'number' };
  return {
    id: 'hostile',
    version: '1.0.0',
    schema: { type: 'object', properties },
    defaultValues: [{ path: '$', expr: '{"x0": 1}' }],
    derivations: Array.from({ length: n - 1 }, (_, k) => ({
      path: `$.x${k + 1}`,
      expr: cycle && k === 0 ? `$.x${n - 1} + 1` : `$.x${k} + 1`,
    })),
  };
}

function specCase(name: string, run: () => Promise<string>, allowed: string[]): GroupCase {
  return {
    name,
    run: async () => {
      let code: string;
      try {
        code = await run();
      } catch (e) {
        code = codeOf(e);
      }
      return { code, problem: expectCode(code, allowed) };
    },
  };
}

function deep(n: number): unknown {
  let o: unknown = 1;
  for (let i = 0; i < n; i++) o = { a: o };
  return o;
}

function specCases(): GroupCase[] {
  const report = async (p: Promise<{ valid: boolean; errors: Array<{ code: string }> }>) => {
    const r = await p;
    return r.valid ? 'OK' : (r.errors[0]?.code ?? 'INVALID');
  };
  return [
    evalCase('infinite recursion', '($f := function($x) { $f($x) + 1 }; $f(1))', [
      'U1001',
      'RESOURCE_LIMIT',
      'TIMEOUT',
    ]),
    evalCase('tail recursion forever', '($f := function($x) { $f($x) }; $f(1))', [
      'U1001',
      'RESOURCE_LIMIT',
      'TIMEOUT',
    ]),
    evalCase('[1..1000000000]', '[1..1000000000]', ['D2014', 'RESOURCE_LIMIT', 'TIMEOUT']),
    evalCase('[1..10000000] (huge output)', '[1..10000000]', [
      'RESULT_TOO_LARGE',
      'RESOURCE_LIMIT',
      'TIMEOUT',
    ]),
    evalCase('100 MB string', '$pad("", 100000000, "x")', ['RESULT_TOO_LARGE', 'RESOURCE_LIMIT', 'TIMEOUT']),
    evalCase(
      'runaway regex (catastrophic backtracking)',
      '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)',
      ['TIMEOUT'],
    ),
    evalCase(
      'deep object built by the expression',
      '$reduce([1..200000], function($acc, $x) { {"a": $acc} }, {})',
      ['RESOURCE_LIMIT', 'RESULT_TOO_LARGE', 'TIMEOUT', 'U1001'],
    ),
    evalCase(
      'deep object as input (100,000 levels)',
      '$.a.a.a',
      ['INPUT_INVALID', 'RESOURCE_LIMIT', 'OK'],
      deep(100_000),
    ),
    evalCase('oversized input (60 M chars)', '$length($)', ['INPUT_TOO_LARGE'], 'x'.repeat(60_000_000)),
    evalCase('unterminated expression', '$sum(items.(qty', ['S0203', 'S0202', 'S0211']),
    specCase('malformed JSON spec', async () => {
      parseJsonText('{"id": "x", "schema": {', 'spec.json');
      return 'OK';
    }, ['INPUT_INVALID']),
    specCase('spec with 1,000 derivations: validate', () => report(validateSpec(chainSpec(1000, false))), [
      'OK',
    ]),
    // A coded TIMEOUT is within bounds here: the tools' budget is 2 s by default.
    specCase('spec with 5,000 derivations: validate', () => report(validateSpec(chainSpec(5000, false))), [
      'OK',
      'TIMEOUT',
    ]),
    specCase('spec with 5,000 derivations: dry run', async () => {
      const r = (await dryRun(chainSpec(5000, false), {})) as unknown as { state?: Record<string, unknown> };
      return r.state?.x4999 === 5000 ? 'OK' : 'WRONG_VALUE';
    }, ['OK', 'TIMEOUT', 'RESOURCE_LIMIT']),
    specCase('spec with a derivation cycle: validate', () => report(validateSpec(chainSpec(50, true))), [
      'DERIVATION_CYCLE',
    ]),
    specCase('spec with a derivation cycle: dry run', async () => {
      await dryRun(chainSpec(50, true), {});
      return 'OK';
    }, ['DERIVATION_CYCLE']),
    specCase('spec that is not an object', () => report(validateSpec('nope')), ['SPEC_SCHEMA']),
  ];
}

// --------------------------------------------------------------------------------------------- protocol

interface Reply {
  status: number;
  body: string;
}

function post(
  url: string,
  body: string | Buffer,
  opts: { chunked?: boolean; abortAfterMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    if (!opts.chunked) headers['content-length'] = String(Buffer.byteLength(body));
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (e) =>
          opts.abortAfterMs !== undefined ? resolve({ status: -1, body: '' }) : reject(e),
        );
      },
    );
    req.on('error', (e) => (opts.abortAfterMs !== undefined ? resolve({ status: -1, body: '' }) : reject(e)));
    if (opts.abortAfterMs !== undefined) setTimeout(() => req.destroy(), opts.abortAfterMs);
    if (opts.chunked && Buffer.isBuffer(body)) {
      // Sent in 64 KB pieces without a length, so the server must count as the bytes arrive.
      let at = 0;
      const pump = () => {
        while (at < body.length) {
          const ok = req.write(body.subarray(at, at + 65536));
          at += 65536;
          if (!ok) return void req.once('drain', pump);
        }
        req.end();
      };
      req.on('error', () => {});
      pump();
    } else req.end(body);
  });
}

/** The JSON-RPC response of a reply: plain JSON, or the `data:` line of an SSE stream that carries an `id`. */
function rpc(reply: Reply): { id?: unknown; result?: unknown; error?: { code: number } } | undefined {
  try {
    return JSON.parse(reply.body);
  } catch {
    for (const l of reply.body.split('\n')) {
      if (!l.startsWith('data:')) continue;
      try {
        const m = JSON.parse(l.slice(5).trim());
        if (m && typeof m === 'object' && 'id' in m) return m;
      } catch {
        // not JSON: keep looking
      }
    }
    return undefined;
  }
}

const call = (id: number, name: string, args: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

async function protocolCases(): Promise<GroupCase[]> {
  let startHttpServer: typeof import('../../src/mcp/http.js').startHttpServer;
  try {
    ({ startHttpServer } = await import('../../src/mcp/http.js'));
  } catch (e) {
    return [
      {
        name: 'MCP server present',
        run: async () => ({ code: 'ABSENT', problem: `src/mcp/http.ts: ${(e as Error).message}` }),
      },
    ];
  }
  const MAX_BODY = 1024 * 1024;
  const srv = await startHttpServer({
    port: 0,
    maxBodyBytes: MAX_BODY,
    maxConcurrent: 4,
    diagnostics: () => {},
  });
  const url = srv.url;
  const health = async () => {
    const r = await fetch(url.replace('/mcp', '/healthz'));
    return (await r.json()) as { inFlight: number };
  };
  const cases: GroupCase[] = [
    {
      name: 'malformed JSON body',
      run: async () => {
        const r = await post(url, '{"jsonrpc": "2.0", "id": 1, "method": ');
        const code = `HTTP ${r.status} ${rpc(r)?.error?.code ?? ''}`.trim();
        return {
          code,
          problem: r.status === 400 && rpc(r)?.error?.code === -32700 ? undefined : `got ${code}`,
        };
      },
    },
    {
      name: 'JSON that is not JSON-RPC',
      run: async () => {
        const r = await post(url, '[1, "two", {"three": 3}]');
        const code = `HTTP ${r.status} ${rpc(r)?.error?.code ?? ''}`.trim();
        return { code, problem: r.status >= 400 && r.status < 500 ? undefined : `got ${code}` };
      },
    },
    {
      name: 'unknown method',
      run: async () => {
        const r = await post(
          url,
          JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'no/such/method', params: {} }),
        );
        const m = rpc(r);
        const code = `HTTP ${r.status} ${m?.error?.code ?? ''}`.trim();
        return {
          code,
          problem: m?.error?.code === -32601 ? undefined : `got ${code}: ${r.body.slice(0, 200)}`,
        };
      },
    },
    {
      name: 'unknown tool and hostile arguments',
      run: async () => {
        const r = await post(url, call(8, 'no_such_tool', { __proto__: { polluted: true } }));
        const m = rpc(r);
        const code = `HTTP ${r.status} ${m?.error?.code ?? ''}`.trim();
        const polluted = ({} as Record<string, unknown>).polluted !== undefined;
        return { code, problem: m?.error?.code === -32602 && !polluted ? undefined : `got ${code}` };
      },
    },
    {
      name: `oversize message (8 MB, chunked, limit ${MAX_BODY} B)`,
      run: async () => {
        const before = rssMb();
        const r = await post(url, Buffer.alloc(8 * 1024 * 1024, 0x20), { chunked: true }).catch(() => ({
          status: -1,
          body: '',
        }));
        const code = `HTTP ${r.status}`;
        const grown = rssMb() - before;
        return {
          code,
          problem: r.status === 413 || r.status === -1 ? undefined : `got ${code}`,
          detail: `peak RSS grew ${grown} MB`,
        };
      },
    },
    {
      name: 'flood: 40 concurrent calls (maxConcurrent 4)',
      run: async () => {
        const replies = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            post(url, call(1000 + i, 'eval_expression', { expr: `${i} * 2` })),
          ),
        );
        let ok = 0;
        let busy = 0;
        const wrong: string[] = [];
        replies.forEach((r, i) => {
          if (r.status === 503) busy++;
          else {
            const m = rpc(r) as
              | { id?: number; result?: { structuredContent?: { value?: unknown } } }
              | undefined;
            if (r.status === 200 && m?.id === 1000 + i && m.result?.structuredContent?.value === i * 2) ok++;
            else wrong.push(`#${i}: HTTP ${r.status} ${r.body.slice(0, 120)}`);
          }
        });
        const code = `200×${ok} 503×${busy}`;
        let problem: string | undefined;
        if (wrong.length) problem = `lost or mixed up: ${wrong.slice(0, 2).join('; ')}`;
        else if (busy === 0) problem = 'no call was answered 503: concurrency not bounded';
        else if (ok === 0) problem = 'no call succeeded';
        return { code, problem };
      },
    },
    {
      name: 'client disconnects mid-call, server stays healthy',
      run: async () => {
        await post(
          url,
          call(9, 'eval_expression', {
            expr: '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)',
          }),
          {
            abortAfterMs: 200,
          },
        );
        // The aborted call must release its slot; then a fresh call must work.
        let inFlight = -1;
        for (let i = 0; i < 50; i++) {
          inFlight = (await health()).inFlight;
          if (inFlight === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const r = await post(url, call(10, 'eval_expression', { expr: '1 + 1' }));
        const m = rpc(r) as { result?: { structuredContent?: { value?: unknown } } } | undefined;
        const good = m?.result?.structuredContent?.value === 2;
        return {
          code: `inFlight ${inFlight}, next call ${good ? 'OK' : 'FAILED'}`,
          problem:
            inFlight === 0 && good
              ? undefined
              : `slot not released or server unhealthy: ${r.body.slice(0, 160)}`,
        };
      },
    },
  ];
  cases.push({
    name: 'server shutdown',
    run: async () => {
      await srv.close();
      return { code: 'OK' };
    },
  });
  return cases;
}

export async function runGroup(name: string, emit: (line: ChildLine) => void): Promise<void> {
  const cases =
    name === 'formula'
      ? formulaCases()
      : name === 'spec'
        ? specCases()
        : name === 'protocol'
          ? await protocolCases()
          : [];
  if (cases.length === 0) throw new Error(`unknown group ${name}`);
  for (const c of cases) {
    const t0 = performance.now();
    let out: { code: string; problem?: string; detail?: string };
    try {
      out = await c.run();
    } catch (e) {
      out = { code: codeOf(e), problem: `threw: ${(e as Error)?.message ?? e}` };
    }
    emit({ name: c.name, ...out, ms: performance.now() - t0, maxRssMb: rssMb() });
  }
}
