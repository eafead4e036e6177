/**
 * The fixture regression check, in-process on the real compiler: a one-character change to a golden spec (in a
 * temp copy) must fail with a readable, path-addressed diff. The committed fixtures/ against their golden
 * files: check.full.test.ts.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFixtures, renderCheckReport } from '../../src/cli/batch/check.js';
import { displayPath } from '../../src/cli/paths.js';
import { convert } from '../../src/pipeline/index.js';
import { orderBook, writeBook } from './workbooks.js';

const root = path.resolve(import.meta.dirname, '../..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sheetspec-check-'));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('checkFixtures on a temp fixture folder', () => {
  it('creates goldens with --update, then passes, then fails with a diff after a one-character edit', {
    timeout: 180_000,
  }, async () => {
    const dir = path.join(tmp, 'fx');
    await writeBook(path.join(dir, 'orders.xlsx'), await orderBook(4));
    await writeBook(path.join(dir, 'nested/more.xlsx'), await orderBook(2));
    await writeBook(path.join(dir, 'not-a-workbook.xlsx'), 'plain text');

    const missing = await checkFixtures(dir, { convert });
    expect(missing.ok).toBe(false);
    expect(missing.fixtures[0]!.goldens.map((g) => g.status)).toEqual(['missing', 'missing']);

    const created = await checkFixtures(dir, { convert, update: true });
    expect(created.ok).toBe(true);
    expect(renderCheckReport(created)).toContain('created');
    const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.json')).sort();
    expect(names).toEqual([
      'nested/more.refusals.json',
      'nested/more.spec.json',
      'not-a-workbook.refusals.json',
      'orders.refusals.json',
      'orders.spec.json',
    ]);
    expect(JSON.parse(await readFile(path.join(dir, 'not-a-workbook.refusals.json'), 'utf8'))).toEqual({
      valid: false,
      reason: 'UNSUPPORTED_FORMAT',
      rejectedColumns: [],
    });

    // One character in one golden derivation.
    const copy = path.join(tmp, 'fx-copy');
    await cp(dir, copy, { recursive: true });
    const specFile = path.join(copy, 'orders.spec.json');
    const spec = JSON.parse(await readFile(specFile, 'utf8'));
    const index = spec.derivations.findIndex((d: { path: string }) => d.path.startsWith('$.items'));
    const expr: string = spec.derivations[index].expr;
    spec.derivations[index].expr = expr.replace('*', '+');
    await writeFile(specFile, JSON.stringify(spec, null, 2) + '\n');

    // A golden with no workbook is an orphan.
    await writeFile(path.join(copy, 'gone.spec.json'), '{}\n');
    await writeFile(path.join(copy, 'gone.refusals.json'), '{}\n');
    await writeFile(path.join(copy, 'plain.spec.json'), '{}\n'); // a spec with no companions is not a golden
    const broken = await checkFixtures(copy, { convert });
    expect(broken.ok).toBe(false);
    const text = renderCheckReport(broken);
    // Paths are shown as displayPath shows them (relative to the working folder when that is shorter).
    expect(text).toContain(`CHANGED  ${displayPath(path.join(copy, 'orders.xlsx'), process.cwd())}`);
    // The semantic diff (src/cli/spec-diff.ts): the derivation by its path, golden → now, and the values.
    expect(text).toContain(
      `      ~ ${spec.derivations[index].path}: ${JSON.stringify(expr.replace('*', '+'))} → ${JSON.stringify(expr)}`,
    );
    expect(text).toMatch(
      /^ {4}values \(both specs run on the tests' rows\):\n {6}~ \$\.items\[0\]\.total \(test 1\): /m,
    );
    expect(broken.fixtures.filter((f) => !f.ok)).toHaveLength(1);
    expect(broken.orphans).toEqual(
      ['gone.refusals.json', 'gone.spec.json'].map((f) => displayPath(path.join(copy, f), process.cwd())),
    );

    // --update puts it back, says which file changed and deletes the orphan.
    const updated = await checkFixtures(copy, { convert, update: true });
    const updatedText = renderCheckReport(updated);
    expect(updatedText).toContain(`  rewrote ${displayPath(specFile, process.cwd())}:`);
    expect(updatedText).toContain('DELETED');
    expect(JSON.parse(await readFile(specFile, 'utf8')).derivations[index].expr).toBe(expr);
    expect((await checkFixtures(copy, { convert })).ok).toBe(true);
  });
});

describe('checkFixtures on a golden of another option (name.inputs.spec.json)', () => {
  it('compares it with the conversion under that option and rewrites it with --update', {
    timeout: 180_000,
  }, async () => {
    const dir = path.join(tmp, 'variants');
    const from = path.join(root, 'fixtures/libreoffice');
    for (const f of ['named-parameters.xlsx', 'named-parameters.spec.json', 'named-parameters.refusals.json'])
      await cp(path.join(from, f), path.join(dir, f));
    const golden = path.join(dir, 'named-parameters.inputs.spec.json');
    const right = await readFile(path.join(from, 'named-parameters.inputs.spec.json'), 'utf8');
    await writeFile(golden, right.replace('"taxRate"', '"taxRateX"'));

    const stale = await checkFixtures(dir, { jobs: 1 });
    expect(stale.ok).toBe(false);
    expect(stale.fixtures[0]!.goldens.map((g) => [path.basename(g.file), g.status])).toEqual([
      ['named-parameters.spec.json', 'same'],
      ['named-parameters.refusals.json', 'same'],
      ['named-parameters.inputs.spec.json', 'changed'],
    ]);

    const updated = await checkFixtures(dir, { jobs: 1, update: true });
    expect(updated.ok).toBe(true);
    expect(await readFile(golden, 'utf8')).toBe(right);
  });
});

describe('checkFixtures on a LibreOffice-saved workbook whose saved values differ', () => {
  it('pins the differences in name.other-engine.json, passes on it, fails when it differs', {
    timeout: 180_000,
  }, async () => {
    const dir = path.join(tmp, 'other-engine');
    await cp(path.join(root, 'fixtures/libreoffice/match-column.xlsx'), path.join(dir, 'match-column.xlsx'));
    const missing = await checkFixtures(dir, { convert });
    expect(missing.fixtures[0]!.problem).toBeUndefined();
    expect(missing.fixtures[0]!.goldens.map((g) => [path.basename(g.file), g.status])).toEqual([
      ['match-column.spec.json', 'missing'],
      ['match-column.refusals.json', 'missing'],
      ['match-column.other-engine.json', 'missing'],
    ]);
    expect((await checkFixtures(dir, { convert, update: true })).ok).toBe(true);
    const file = path.join(dir, 'match-column.other-engine.json');
    const pinned = JSON.parse(await readFile(file, 'utf8'));
    expect(pinned).toMatchObject({ differences: 1, columns: [{ column: 'C', differences: 1 }] });
    expect(pinned.columns[0].first).toEqual([{ cell: 'Codes!C7', spec: { error: '#N/A' }, saved: 5 }]);
    expect((await checkFixtures(dir, { convert })).ok).toBe(true);
    await writeFile(file, JSON.stringify({ ...pinned, differences: 2 }));
    const changed = await checkFixtures(dir, { convert });
    expect(changed.ok).toBe(false);
    expect(changed.fixtures[0]!.goldens.find((g) => g.file.endsWith('other-engine.json'))!.status).toBe(
      'changed',
    );
  });
});
