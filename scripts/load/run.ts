/**
 * `npm run load`: the MCP server under load and abuse, on loopback only, bounded in count and time (it stops
 * itself after DEADLINE_MS whatever happens). Runs the compiled server (`bin/sheetspec.js`, built first by the
 * npm script) with an explicit budget, then:
 *
 * 1. abuse over HTTP, while a prober sends `ping` every 250 ms: 40 concurrent converts with 10 stalled bodies,
 *    then 16 clients that hang up mid-call (long evaluations) and one that hangs up on a 20,000-row convert,
 *    each counted 1 s after the hang-up (the work must have stopped by then);
 * 2. 20 concurrent tool calls over stdio (a second server process);
 * 3. a workbook with 100,000 merged ranges;
 * 4. later calls, one of each kind, which must all succeed.
 *
 * Prints answers by status, peak RSS of the server's process tree, sandboxes alive after the abuse, ping
 * times, and the targets as PASS/FAIL lines; exits 1 when a target fails.
 */
import path from 'node:path';
import { type Answer, abandon, post, stall, stdioServer, toolCall } from './clients.js';
import { spawnHttpServer } from './server.js';
import { descendants, rssSampler, treeRssMb } from './procs.js';
import { mergesWorkbook, ordersWorkbook } from './workbooks.js';

const DEADLINE_MS = 300_000;
const BUDGET = { maxConcurrent: 4, maxMemoryMb: 2048 };
const SETTLE_MS = 1500;
const HANGUP_GRACE_MS = 1000;
const ROWS = 2000;
const LARGE_ROWS = 20_000;
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/sheetspec.js');
const budgetArgs = [
  '--max-concurrent',
  String(BUDGET.maxConcurrent),
  '--max-memory',
  String(BUDGET.maxMemoryMb),
];

const cleanups: Array<() => void> = [];
const deadline = setTimeout(() => {
  console.log(`FAIL  the harness ran over ${DEADLINE_MS / 1000} s and was stopped`);
  for (const c of cleanups) c();
  process.exit(1);
}, DEADLINE_MS);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** "200 ok", "200 RESOURCE_LIMIT", "503", "0 (network)": how a tool call was answered. */
function classify(a: Answer): string {
  if (a.status !== 200) return a.status === 0 ? 'no answer' : String(a.status);
  const r = a.message?.result;
  if (!r) return a.message?.error ? '200 JSON-RPC error' : '200 no message';
  if (!r.isError) return '200 ok';
  const sc = r.structuredContent ?? {};
  return `200 ${String(sc.code ?? sc.reason ?? 'isError')}`;
}

function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ');
}

function pinger(port: number) {
  const times: number[] = [];
  let failures = 0;
  let stopped = false;
  let id = 100_000;
  const loop = (async () => {
    while (!stopped) {
      const a = await post(port, { jsonrpc: '2.0', id: id++, method: 'ping' }, 10_000);
      if (a.status === 200 && a.message?.result) times.push(a.ms);
      else failures++;
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { times, failures };
    },
  };
}

async function health(port: number): Promise<{ inFlight?: number; queued?: number }> {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { inFlight: number };
  } catch {
    return {};
  }
}

/** A JSONata expression that computes for longer than the sandbox's 2 s budget. */
const LONG_EXPR = '$reduce([1..5000000], function($a, $b){$a + $b})';

async function httpAbuse(port: number, data: string) {
  const convert = (id: number) => toolCall(id, 'convert_spreadsheet', { data, filename: `load-${id}.xlsx` });
  const stalled = Array.from({ length: 10 }, () => stall(port, 60_000));
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(port, convert(i + 1))));
  const stalls = await Promise.all(stalled.map((s) => s.done));
  return { answers, stalls };
}

/**
 * Clients that hang up mid-call: 16 long evaluations (4 run, the rest wait), then one conversion of a large
 * workbook. Counted HANGUP_GRACE_MS after the hang-ups: sandbox processes, and calls the server still runs.
 */
async function hangUps(port: number, large: string, pid: number) {
  const evals = Array.from({ length: 16 }, (_, i) =>
    abandon(port, toolCall(2000 + i, 'eval_expression', { expr: LONG_EXPR }), 300),
  );
  await Promise.all(evals);
  await sleep(HANGUP_GRACE_MS);
  const evalsLeft = { processes: descendants(pid).length, inFlight: (await health(port)).inFlight ?? -1 };
  await waitIdle(port, pid);
  await abandon(port, toolCall(3000, 'convert_spreadsheet', { data: large, filename: 'large.xlsx' }), 1500);
  await sleep(HANGUP_GRACE_MS);
  const convertLeft = { inFlight: (await health(port)).inFlight ?? -1 };
  await waitIdle(port, pid);
  return { evalsLeft, convertLeft };
}

/** Waits (bounded) until the server runs nothing, so one measurement does not leak into the next. */
async function waitIdle(port: number, pid: number, maxMs = 90_000): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    if (descendants(pid).length === 0 && (await health(port)).inFlight === 0) return;
    await sleep(250);
  }
}

async function stdioAbuse() {
  const server = stdioServer(process.execPath, [bin, 'serve', ...budgetArgs]);
  cleanups.push(() => server.child.kill('SIGKILL'));
  const rss = rssSampler(server.child.pid!);
  await server.request(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'load', version: '1' },
  });
  server.notify('notifications/initialized');
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      server
        .request(i + 2, 'tools/call', {
          name: 'eval_expression',
          arguments: { expr: `$sum([1..${1000 + i}])` },
        })
        .then((message) => ({ status: message ? 200 : 0, message, ms: 0 })),
    ),
  );
  await sleep(SETTLE_MS);
  const left = descendants(server.child.pid!).length;
  rss.stop();
  server.close();
  return { answers, left, peak: rss.peak };
}

async function laterCalls(port: number, data: string): Promise<string[]> {
  const calls = [
    { jsonrpc: '2.0', id: 1, method: 'ping' },
    toolCall(2, 'list_functions', { query: 'ROUND' }),
    toolCall(3, 'eval_expression', { expr: '1 + 1' }),
    toolCall(4, 'convert_spreadsheet', { data, filename: 'later.xlsx' }),
  ];
  const failed: string[] = [];
  for (const c of calls) {
    const a = await post(port, c, 60_000);
    const ok = a.status === 200 && a.message !== undefined && !a.message.error && !a.message.result?.isError;
    if (!ok) failed.push(`${(c as { params?: { name?: string } }).params?.name ?? c.method}: ${classify(a)}`);
  }
  return failed;
}

async function main(): Promise<number> {
  const big = (await ordersWorkbook(ROWS)).toString('base64');
  const small = (await ordersWorkbook(5)).toString('base64');
  const large = (await ordersWorkbook(LARGE_ROWS)).toString('base64');
  const merges = (await mergesWorkbook(100_000)).toString('base64');
  const http = await spawnHttpServer(process.execPath, [
    bin,
    'serve',
    '--http',
    '--port',
    '0',
    ...budgetArgs,
    '--body-timeout',
    '3',
  ]);
  cleanups.push(() => http.child.kill('SIGKILL'));
  await post(http.port, { jsonrpc: '2.0', id: 0, method: 'ping' });
  const idle = treeRssMb(http.child.pid!);
  const rss = rssSampler(http.child.pid!);

  console.log(
    `server: ${http.url}, budget ${BUDGET.maxConcurrent} calls / ${BUDGET.maxMemoryMb} MB, idle RSS ${idle} MB`,
  );
  const probe = pinger(http.port);
  const abuse = await httpAbuse(http.port, big);
  await sleep(SETTLE_MS);
  const pid = http.child.pid!;
  const afterAbuse = {
    processes: descendants(pid).length,
    inFlight: (await health(http.port)).inFlight ?? -1,
  };
  const gone = await hangUps(http.port, large, pid);
  const pings = await probe.stop();
  console.log(`converts (40): ${tally(abuse.answers.map(classify))}`);
  console.log(`stalled bodies (10): ${tally(abuse.stalls.map(String))}`);
  console.log(
    `${SETTLE_MS} ms after the converts: ${afterAbuse.processes} sandbox processes, ${afterAbuse.inFlight} calls in flight`,
  );
  console.log(
    `${HANGUP_GRACE_MS} ms after 16 eval clients hung up: ${gone.evalsLeft.processes} sandbox processes, ` +
      `${gone.evalsLeft.inFlight} calls in flight`,
  );
  console.log(
    `${HANGUP_GRACE_MS} ms after a ${LARGE_ROWS}-row convert's client hung up: ${gone.convertLeft.inFlight} calls in flight`,
  );
  const maxPing = Math.max(0, ...pings.times);
  console.log(
    `ping during the abuse: ${pings.times.length} answered, ${pings.failures} failed, max ${maxPing} ms`,
  );

  const stdio = await stdioAbuse();
  console.log(
    `stdio calls (20): ${tally(stdio.answers.map(classify))}; peak RSS ${stdio.peak} MB; ${stdio.left} sandbox processes left`,
  );

  const started = Date.now();
  const m = await post(
    http.port,
    toolCall(77, 'convert_spreadsheet', { data: merges, filename: 'merges.xlsx' }),
  );
  const mergeMs = Date.now() - started;
  console.log(
    `100,000 merges: ${classify(m)} (valid: ${String(m.message?.result?.structuredContent?.valid)}) in ${mergeMs} ms`,
  );

  const failed = await laterCalls(http.port, small);
  rss.stop();
  console.log(`later calls: ${failed.length === 0 ? 'all succeeded' : `failed: ${failed.join('; ')}`}`);
  console.log(`peak server RSS: ${rss.peak} MB (idle ${idle} MB + budget ${BUDGET.maxMemoryMb} MB)`);

  const left =
    afterAbuse.processes +
    afterAbuse.inFlight +
    gone.evalsLeft.processes +
    gone.evalsLeft.inFlight +
    gone.convertLeft.inFlight +
    stdio.left;
  const mergeCoded = m.status === 200 && m.message?.result !== undefined;
  const targets: Array<[boolean, string]> = [
    [
      rss.peak <= idle + BUDGET.maxMemoryMb,
      `peak RSS ${rss.peak} MB within idle + budget (${idle + BUDGET.maxMemoryMb} MB)`,
    ],
    [left === 0, `0 sandboxes left after the abuse and 1 s after clients hung up (${left} counted)`],
    [
      pings.failures === 0 && maxPing <= 1000,
      `ping answered within 1 s throughout (max ${maxPing} ms, ${pings.failures} failed)`,
    ],
    [failed.length === 0, 'every later call answered'],
    [mergeCoded && mergeMs <= 3000, `100,000 merges: a result or a coded refusal within 3 s (${mergeMs} ms)`],
  ];
  for (const [ok, what] of targets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  return targets.every(([ok]) => ok) ? 0 : 1;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((e) => {
    console.log(`FAIL  the harness itself failed: ${e instanceof Error ? e.stack : String(e)}`);
    process.exitCode = 1;
  })
  .finally(() => {
    clearTimeout(deadline);
    for (const c of cleanups) c();
  });
