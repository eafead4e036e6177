/**
 * The command-line conventions, on the built command (test/cli/built.ts): `--version`, quiet
 * exit on a closed pipe, one-line coded write errors, results on stdout and refusals on stderr, one unit
 * for durations, no colour, and examples at the end of every `--help`.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, sheetspec, shell } from './built.js';

let dir: string;
const orders = path.join(root, 'examples/orders.xlsx');
const ordersSpec = path.join(root, 'fixtures/specs/valid/orders.spec.json');

/** A spec whose seed has `rows` rows, each with a long name: its outputs are far over a pipe's 64 KiB. */
function bigSpec(rows: number): object {
  const items = Array.from({ length: rows }, (_, i) => ({ name: `row ${i} ${'x'.repeat(100)}`, qty: i }));
  return {
    id: 'big',
    version: '1',
    schema: { type: 'object' },
    defaultValues: [{ path: '$', expr: JSON.stringify({ items }) }],
    derivations: [{ path: '$.items[*].double', expr: '$parent.qty * 2' }],
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-conventions-'));
  await writeFile(path.join(dir, 'big.spec.json'), JSON.stringify(bigSpec(2000)));
  await writeFile(path.join(dir, 'a-file'), 'not a folder');
  await mkdir(path.join(dir, 'a-folder.spec.json'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function version(pkg: string): Promise<string> {
  return JSON.parse(await readFile(path.join(root, pkg, 'package.json'), 'utf8')).version;
}

describe('--version', () => {
  it('prints sheetspec, HyperFormula and JSONata versions for --version, -V and -v', async () => {
    const want = `sheetspec ${await version('.')} (HyperFormula ${await version('node_modules/hyperformula')}, JSONata ${await version('node_modules/jsonata')})\n`;
    for (const flag of ['--version', '-V', '-v']) {
      const r = await sheetspec([flag]);
      expect(r, flag).toMatchObject({ code: 0, stdout: want, stderr: '' });
    }
  });
});

describe('a reader that stops early (| head -1)', () => {
  it.each([
    ['sheetspec guidance | head -1', '# '],
    ["sheetspec eval '[1..100000]' | head -1", '['],
    ['sheetspec dry-run big.spec.json --json | head -1', '{'],
    [
      `sheetspec dry-run big.spec.json --set '$.items[*].name="${'y'.repeat(200)}"' | head -1`,
      '$.items[0].name',
    ],
  ])('%s exits 0 with nothing on stderr', { timeout: 60_000 }, async (line, first) => {
    const r = await shell(line, dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(first)).toBe(true);
    expect(r.stdout.split('\n')).toHaveLength(2);
  });
});

describe('write errors', () => {
  // As root a mode-0500 folder is still writable; /sys refuses even root.
  const denied = () =>
    process.getuid?.() === 0 ? '/sys/sheetspec-test.spec.json' : path.join(dir, 'read-only/x.spec.json');
  beforeAll(async () => {
    await mkdir(path.join(dir, 'read-only'), { mode: 0o500 });
  });

  it.each([
    ['a missing folder', () => path.join(dir, 'no-such-folder/x.spec.json'), 'ENOENT'],
    ['a path through a file', () => path.join(dir, 'a-file/x.spec.json'), 'ENOTDIR'],
    ['a folder', () => path.join(dir, 'a-folder.spec.json'), 'EISDIR'],
    ['a folder it may not write', denied, 'EACCES'],
  ])(
    'convert -o into %s: one WRITE_FAILED line, exit 1',
    { timeout: 60_000 },
    async (_what, target, errno) => {
      const out = target();
      const r = await sheetspec(['convert', orders, '-o', out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^sheetspec: WRITE_FAILED: ${out}: .*\\(${errno}\\)\\n$`));
      expect(r.stdout).toBe('');
    },
  );
});

describe('results on stdout, refusals on stderr', () => {
  it('formula: a refused formula says so on stderr only', async () => {
    const r = await sheetspec(['formula', '=NOW()']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sheetspec: =NOW\(\): VOLATILE_FUNCTION: /);
    const ok = await sheetspec(['formula', '=ROUND(A1,1)', '--cell', 'A1=2.25']);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toContain('value:   2.3');
  });

  it('dry-run: a schema violation says so on stderr only', async () => {
    const r = await sheetspec(['dry-run', ordersSpec, '--set', '$.items[0].qty="ten"']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sheetspec: SCHEMA_VIOLATION: \$\.items\[0\]\.qty: /);
  });
});

describe('durations', () => {
  it('every --timeout takes the same forms', { timeout: 60_000 }, async () => {
    for (const t of ['10s', '500ms', '2m', '5']) {
      const r = await sheetspec(['eval', '1 + 1', '--timeout', t]);
      expect(r, t).toMatchObject({ code: 0, stdout: '2\n' });
    }
    expect((await sheetspec(['test', ordersSpec, '--timeout', '30s'])).code).toBe(0);
    expect((await sheetspec(['validate', ordersSpec, '--timeout', '1m'])).code).toBe(0);
    const bad = await sheetspec(['eval', '1', '--timeout', '10x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--timeout');
    const batch = await sheetspec(['convert', 'nope.xlsx', 'also-nope.xlsx', '--timeout', 'soon']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain('--timeout');
  });
});

describe('colour', () => {
  it('prints no escape sequence when stdout and stderr are not terminals, NO_COLOR or not', {
    timeout: 120_000,
  }, async () => {
    for (const env of [{}, { NO_COLOR: '1' }, { FORCE_COLOR: '1' }]) {
      const r = await sheetspec(
        ['convert', orders, path.join(root, 'fixtures/tax-rate.xlsx'), '-o', dir],
        root,
        {
          ...env,
          CI: '',
        },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr, JSON.stringify(env)).not.toContain('\u001b');
      expect(r.stdout).toContain('2 files: 2 converted');
    }
  });
});

describe('--help', () => {
  const commands = [
    'convert',
    'check',
    'diff',
    'formula',
    'serve',
    'validate',
    'eval',
    'test',
    'dry-run',
    'guidance',
  ];
  it.each(commands)('%s --help ends with examples', async (command) => {
    const r = await sheetspec([command, '--help']);
    expect(r.code).toBe(0);
    const tail = r.stdout.slice(r.stdout.lastIndexOf('\nExamples:\n'));
    expect(tail.length, r.stdout).toBeGreaterThan(0);
    const examples = tail.split('\n').filter((l) => l.startsWith('  $ sheetspec '));
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(
      examples.every((l) => l.startsWith(`  $ sheetspec ${command}`) || l.includes(`; sheetspec ${command}`)),
    ).toBe(true);
  });
});
