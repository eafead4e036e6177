import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LIBREOFFICE_DIFFERENCES,
  LIBREOFFICE_INPUTS,
  LIBREOFFICE_TWINS,
  TWINS_HELD_BACK,
} from '../../scripts/fixtures/twins.js';
import { convert } from '../../src/pipeline/index.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const bytes = (p: string) => new Uint8Array(readFileSync(path.join(fixtures, p)));
const workbooks = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.xlsx'))
    .map((f) => f.slice(0, -'.xlsx'.length))
    .sort();
// The twin quotes each formula as LibreOffice writes it (FALSE() for FALSE), in the fields' descriptions only.
const otherEngine = (name: string) =>
  JSON.parse(readFileSync(path.join(fixtures, 'libreoffice', `${name}.other-engine.json`), 'utf8')) as {
    differences: number;
  };
const withoutDescriptions = (spec: unknown) =>
  JSON.stringify(spec, (k, v) => (k === 'description' ? undefined : v));

describe('LibreOffice-saved twins of the workbook fixtures', () => {
  it('cover every fixture, but those held back with a reason', () => {
    const held = TWINS_HELD_BACK.map((t) => t.name);
    expect(workbooks(path.join(fixtures, 'libreoffice'))).toEqual([...LIBREOFFICE_TWINS].sort());
    expect([...LIBREOFFICE_TWINS, ...held].sort()).toEqual(workbooks(fixtures));
    expect(LIBREOFFICE_TWINS.filter((n) => held.includes(n))).toEqual([]);
    const twins: readonly string[] = LIBREOFFICE_TWINS;
    const listed = [...Object.keys(LIBREOFFICE_DIFFERENCES), ...Object.keys(LIBREOFFICE_INPUTS)];
    expect(listed.filter((n) => !twins.includes(n))).toEqual([]);
  });

  it.each(LIBREOFFICE_TWINS)(
    '%s converts as the Excel-shaped fixture, its saved values agreeing but where LibreOffice differs from Excel',
    async (name) => {
      const excel = await convert(bytes(`${name}.xlsx`), { filename: `${name}.xlsx` });
      const libre = await convert(bytes(`libreoffice/${name}.xlsx`), { filename: `${name}.xlsx` });
      expect(libre.valid).toBe(excel.valid);
      if (!excel.valid || !libre.valid) {
        if (!excel.valid && !libre.valid) expect(libre.reason).toBe(excel.reason);
        return;
      }
      // The refusal's detail quotes the formula as the file writes it (an external book as [1], an array's range).
      const refusals = (r: typeof excel.rejectedColumns) =>
        r.map(({ column, header, reason, cell }) => ({ column, header, reason, cell }));
      expect(refusals(libre.rejectedColumns)).toEqual(refusals(excel.rejectedColumns));
      const codes = (r: typeof excel) =>
        r.warnings.map((w) => w.code).filter((c) => c !== 'ORACLE_EXCEL_DISAGREEMENT');
      expect(codes(libre)).toEqual(codes(excel));
      // The compiled logic is the same; the seeded rows and tests too, unless LibreOffice saved the inputs otherwise.
      const logic = (spec: unknown) =>
        withoutDescriptions({ ...(spec as object), defaultValues: undefined, tests: undefined });
      expect(logic(libre.spec)).toBe(logic(excel.spec));
      const same = withoutDescriptions(libre.spec) === withoutDescriptions(excel.spec);
      expect(same).toBe(!(name in LIBREOFFICE_INPUTS));
      expect(libre.verification?.savedValues.standing).toBe('other-engine');
      // A listed twin's differences are those pinned in its golden (and there are some: the list only shrinks).
      const pinned = name in LIBREOFFICE_DIFFERENCES ? otherEngine(name).differences : 0;
      if (name in LIBREOFFICE_DIFFERENCES) expect(pinned).toBeGreaterThan(0);
      expect(libre.verification?.disagreements).toBe(pinned);
    },
  );
});
