/** LibreOffice's typed constants: `TRUE()`, `FALSE()` and `#N/A` written as formulas read as the constants. */
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/index.js';
import { patchZip, sheetWorkbook } from './helpers.js';

const cells =
  '<row r="1"><c r="A1" t="b"><f aca="false">TRUE()</f><v>1</v></c><c r="B1" t="b"><f aca="false">FALSE()</f><v>0</v></c>' +
  '<c r="C1" t="e"><f aca="false">#N/A</f><v>#N/A</v></c><c r="D1" t="b"><f aca="false">TRUE()</f><v>0</v></c>' +
  '<c r="E1" t="b"><f aca="false">NOT(FALSE())</f><v>1</v></c></row>';

async function read(application: string) {
  const bytes = patchZip(await sheetWorkbook(cells), {
    'docProps/app.xml': () =>
      `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${application}</Application></Properties>`,
  });
  const model = await readWorkbook(bytes);
  return model.sheets[0]!.rows.get(0)!;
}

describe('typed constants LibreOffice writes as formulas', () => {
  it('are the constants in a LibreOffice file', async () => {
    const row = await read('LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2');
    expect(row.get(0)).toMatchObject({ value: true });
    expect(row.get(0)!.formula).toBeUndefined();
    expect(row.get(1)).toMatchObject({ value: false });
    expect(row.get(1)!.formula).toBeUndefined();
    expect(row.get(2)).toMatchObject({ value: { error: '#N/A' } });
    expect(row.get(2)!.formula).toBeUndefined();
    // A saved value that is not the constant, and any other formula, stay formulas.
    expect(row.get(3)!.formula).toBe('TRUE()');
    expect(row.get(4)!.formula).toBe('NOT(FALSE())');
  });

  it('stay formulas in a file another application saved', async () => {
    const row = await read('Apache POI');
    expect(row.get(0)!.formula).toBe('TRUE()');
    expect(row.get(2)!.formula).toBe('#N/A');
  });
});
