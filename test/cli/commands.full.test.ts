/**
 * Defects once found in the commands, kept fixed, on the built command (test/cli/built.ts): `test` on what is not a
 * spec or has no tests, `dry-run` against the computed state and on constants, the batch table's paths and
 * its "compiled" count against single-file mode, and `sheetspec diff`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/cli/batch/result.js';
import { root, sheetspec } from './built.js';

let dir: string;
const ordersSpec = path.join(root, 'fixtures/specs/valid/orders.spec.json');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-commands-'));
  await writeFile(path.join(dir, 'not-a-spec.json'), '{"rows": [1, 2, 3]}');
  await writeFile(
    path.join(dir, 'no-tests.spec.json'),
    JSON.stringify({ id: 'x', version: '1', schema: {} }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sheetspec test', () => {
  it('JSON that is not a spec is INPUT_INVALID, exit 1', async () => {
    const r = await sheetspec(['test', 'not-a-spec.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sheetspec: INPUT_INVALID: not-a-spec\.json is not a ModelSpec/);
    const json = await sheetspec(['test', 'not-a-spec.json', '--json'], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: 'INPUT_INVALID' } });
  });

  it('a spec with no tests says so and exits 1, or 0 with --allow-empty', async () => {
    const r = await sheetspec(['test', 'no-tests.spec.json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sheetspec: NO_TESTS: /);
    expect((await sheetspec(['test', 'no-tests.spec.json', '--allow-empty'], dir)).code).toBe(0);
  });
});

describe('sheetspec dry-run', () => {
  it('lists what the mutation changed against the computed state, not every derived value', async () => {
    const r = await sheetspec(['dry-run', ordersSpec, '--set', '$.items[0].qty=20']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('(missing)');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('$'))).toEqual([
      '$.items[0].qty: 10 → 20',
      '$.items[0].total: 12.5 → 25',
      '$.items[0].discounted: 12.5 → 25',
      '$.items[0].label: "APPLE x10" → "APPLE x20"',
      '$.sumTotal: 162.5 → 175',
    ]);
  });

  it('accepts a constant: --set $const.name=<json>', async () => {
    const r = await sheetspec(['dry-run', ordersSpec, '--set', '$const.discountRate=0.2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      '$const.discountRate: 0.1 → 0.2\n$.items[1].discounted: 135 → 120\nderived updated: $.items[*].discounted\n',
    );
  });
});

describe('sheetspec convert (batch output)', () => {
  it('counts compiled columns as single-file mode does, and shows paths relative to the working folder', {
    timeout: 120_000,
  }, async () => {
    // A folder beside fixtures/: the workbooks are `../fixtures/...` from it.
    const work = path.join(root, 'test');
    const book = path.join(root, 'fixtures/summary-row.xlsx');
    const single = await sheetspec(['convert', book, '-o', path.join(dir, 'single.spec.json')], work);
    expect(single.code, single.stderr).toBe(0);
    const n = Number(/: (\d+) formula columns? compiled/.exec(single.stdout)?.[1]);
    const batch = await sheetspec(
      ['convert', book, path.join(root, 'fixtures/tax-rate.xlsx'), '-o', path.join(dir, 'out'), '--json'],
      work,
    );
    expect(batch.code, batch.stderr).toBe(0);
    const results = JSON.parse(batch.stdout) as FileResult[];
    expect(results[0]!.compiled).toBe(n);
    expect(results[0]!.aggregates).toBe(2);
    const rel = path.relative(work, book);
    expect(rel).toBe(path.join('..', 'fixtures', 'summary-row.xlsx'));
    expect(results[0]!.file).toBe(rel);
    expect(batch.stderr).toMatch(new RegExp(`^${rel.replace(/[.*/]/g, '\\$&')} +ok +${n} `, 'm'));
    for (const line of batch.stderr.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
  });
});

describe('sheetspec diff', () => {
  let older: string;
  let newer: string;
  beforeAll(async () => {
    const spec = JSON.parse(await readFile(ordersSpec, 'utf8'));
    older = path.join(dir, 'old.spec.json');
    await writeFile(older, JSON.stringify(spec, null, 2));
    const total = spec.derivations.find((d: { path: string }) => d.path === '$.items[*].total');
    total.expr = total.expr.replace(
      '$xlMul($parent.unitPrice, $parent.qty)',
      '$xlMul($parent.unitPrice, $parent.qty + 1)',
    );
    spec.schema.properties.items.items.properties.note = { type: 'string' };
    spec.schema.properties.items.items.properties.qty.type = 'number';
    spec.constants.threshold = 200;
    newer = path.join(dir, 'new.spec.json');
    await writeFile(newer, JSON.stringify(spec, null, 2));
  });

  it('exit 0 and "no differences" for the same spec', async () => {
    const r = await sheetspec(['diff', older, older]);
    expect(r).toMatchObject({ code: 0, stdout: 'no differences\n' });
  });

  it('names fields, derivations, computed values and constants that changed; exit 1', async () => {
    const r = await sheetspec(['diff', older, newer, '--json']);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d).toMatchObject({
      equal: false,
      fields: [
        { kind: 'changed', key: '$.items[*].qty', old: 'number|null', new: 'number' },
        { kind: 'added', key: '$.items[*].note', new: 'string' },
      ],
      derivations: [{ kind: 'changed', key: '$.items[*].total' }],
      constants: [{ kind: 'changed', key: '$const.threshold', old: 100, new: 200 }],
      other: [],
    });
    expect(d.values).toContainEqual({
      kind: 'changed',
      key: '$.items[0].total',
      old: 12.5,
      new: 13.75,
      test: 'test 1',
    });
    const text = await sheetspec(['diff', older, newer]);
    expect(text.stdout).toContain('  ~ $.items[0].total (test 1): 12.5 → 13.75\n');
  });

  it('compares refused columns and warnings of two `convert --json` results', {
    timeout: 120_000,
  }, async () => {
    const a = await sheetspec([
      'convert',
      path.join(root, 'fixtures/volatile-function.xlsx'),
      '-o',
      path.join(dir, 'v.spec.json'),
      '--json',
    ]);
    const result = JSON.parse(a.stdout);
    await writeFile(path.join(dir, 'a.json'), a.stdout);
    result.rejectedColumns = [];
    result.warnings = [{ code: 'W_NEW', cell: 'Sheet1!A1', message: 'new' }];
    await writeFile(path.join(dir, 'b.json'), JSON.stringify(result));
    const r = await sheetspec(['diff', 'a.json', 'b.json', '--json'], dir);
    expect(r.code, r.stderr).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.refusals).toEqual([{ kind: 'removed', key: expect.stringMatching(/: VOLATILE_FUNCTION/) }]);
    expect(d.warnings).toEqual([{ kind: 'added', key: 'W_NEW at Sheet1!A1' }]);
  });

  it('exit 2 for a missing file or one that is neither a spec nor a result', async () => {
    expect((await sheetspec(['diff', older, 'nope.json'], dir)).code).toBe(2);
    const r = await sheetspec(['diff', older, 'not-a-spec.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('INPUT_INVALID');
  });
});

describe('sheetspec convert --table', () => {
  const book = path.join(root, 'fixtures/excel-table.xlsx');
  it('compiles the Excel Table named (any case), and refuses a name that is no table', {
    timeout: 60_000,
  }, async () => {
    const r = await sheetspec([
      'convert',
      book,
      '--table',
      'regions',
      '--json',
      '-o',
      path.join(dir, 't.json'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result.spec.schema.properties.items.items.properties)).toEqual(['region', 'manager']);
    expect(result.warnings.map((w: { code: string }) => w.code)).toContain('OTHER_TABLES');
    const bad = await sheetspec([
      'convert',
      book,
      '--table',
      'Nope',
      '--json',
      '-o',
      path.join(dir, 'n.json'),
    ]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).reason).toBe('TABLE_NOT_FOUND');
  });

  it('compiles a second plain block chosen by its A1 range', { timeout: 60_000 }, async () => {
    const blocks = path.join(root, 'fixtures/two-blocks-one-sheet.xlsx');
    const out = path.join(dir, 'b.json');
    const first = await sheetspec(['convert', blocks, '--json', '-o', out]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).warnings.map((w: { code: string }) => w.code)).toContain('OTHER_TABLES');
    const r = await sheetspec(['convert', blocks, '--table', 'G1:J5', '--json', '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result.spec.schema.properties.items.items.properties)).toEqual([
      'product',
      'qty',
      'cost',
      'value',
    ]);
  });
});
