/**
 * `npm run mcp:inspect`: runs the MCP Inspector CLI (`npx @modelcontextprotocol/inspector --cli`) against the
 * stdio server and checks its JSON: tools/list (8 tools with metadata), a tools/call, resources/list and
 * prompts/list. When the Inspector cannot be installed or started here (no registry access), it says so and
 * exits 0 without checking; a check that runs and fails exits 1.
 *
 * The server is this same file run with `--serve` (from TypeScript source through tsx), because the
 * Inspector reads `-e` as its own option and so cannot launch `node -e ...`.
 *
 * Inspector 2.x declares Node >= 22; on Node 20 npm warns (EBADENGINE) but the CLI runs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

if (process.argv.includes('--serve')) {
  const { runStdioServer } = await import('../src/mcp/index.js');
  await runStdioServer();
} else {
  process.exitCode = main();
}

function inspect(args: string[]): { ok: true; json: any } | { ok: false; why: string; launch: boolean } {
  const r = spawnSync(
    'npx',
    ['-y', INSPECTOR, '--cli', process.execPath, '--import', 'tsx', SELF, '--serve', ...args],
    { cwd: ROOT, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.error) return { ok: false, why: r.error.message, launch: true };
  const out = r.stdout.trim();
  const start = out.indexOf('{');
  if (r.status !== 0 || start === -1) {
    const err = (r.stderr ?? '')
      .split('\n')
      .filter((l) => !/npm warn/i.test(l))
      .join('\n');
    // npm could not fetch or start the Inspector at all (offline, registry refused): not a server failure.
    const launch =
      /E404|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network|could not determine executable/i.test(err);
    return { ok: false, why: `${err.slice(-800)}${out.slice(-800)}`, launch };
  }
  try {
    return { ok: true, json: JSON.parse(out.slice(start)) };
  } catch (e) {
    return {
      ok: false,
      why: `output is not JSON: ${(e as Error).message}: ${out.slice(0, 300)}`,
      launch: false,
    };
  }
}

function main(): number {
  const failures: string[] = [];
  const check = (what: string, cond: boolean) => {
    process.stdout.write(`${cond ? 'ok  ' : 'FAIL'} ${what}\n`);
    if (!cond) failures.push(what);
  };

  const list = inspect(['--method', 'tools/list']);
  if (!list.ok) {
    if (list.launch) {
      process.stdout.write(
        `mcp:inspect SKIPPED: the MCP Inspector (${INSPECTOR}) could not be run here:\n${list.why}\n`,
      );
      return 0;
    }
    process.stderr.write(`mcp:inspect: tools/list failed:\n${list.why}\n`);
    return 1;
  }
  const tools = (list.json.tools ?? []) as any[];
  check(`tools/list returns 8 tools (${tools.map((t) => t.name).join(', ')})`, tools.length === 8);
  for (const t of tools) {
    check(
      `${t.name}: title, description, strict inputSchema, outputSchema, read-only annotations`,
      Boolean(t.title) &&
        typeof t.description === 'string' &&
        t.inputSchema?.additionalProperties === false &&
        t.outputSchema?.type === 'object' &&
        t.annotations?.readOnlyHint === true &&
        t.annotations?.destructiveHint === false &&
        t.annotations?.idempotentHint === true &&
        t.annotations?.openWorldHint === false,
    );
  }

  const call = inspect([
    '--method',
    'tools/call',
    '--tool-name',
    'eval_expression',
    '--tool-arg',
    'expr=6*7',
  ]);
  check(
    'tools/call eval_expression {expr: "6*7"} → structuredContent {ok: true, value: 42}',
    call.ok && call.json.structuredContent?.ok === true && call.json.structuredContent?.value === 42,
  );

  const resources = inspect(['--method', 'resources/list']);
  check(
    'resources/list includes sheetspec://schemas/modelspec',
    resources.ok &&
      (resources.json.resources ?? []).some((r: any) => r.uri === 'sheetspec://schemas/modelspec'),
  );

  const prompts = inspect(['--method', 'prompts/list']);
  check(
    'prompts/list includes convert-and-review',
    prompts.ok && (prompts.json.prompts ?? []).some((p: any) => p.name === 'convert-and-review'),
  );

  process.stdout.write(
    failures.length === 0
      ? 'mcp:inspect: all checks passed\n'
      : `mcp:inspect: ${failures.length} check(s) failed\n`,
  );
  return failures.length === 0 ? 0 : 1;
}
