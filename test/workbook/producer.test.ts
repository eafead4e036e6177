import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { producerOf, readWorkbook } from '../../src/workbook/index.js';
import { EXCEL_MARKS as EXCEL_365, excelBytes, withExcelMarks } from './helpers.js';

const corpus = path.resolve(import.meta.dirname, '../../../shared/corpus/excel');
const fixtures = path.resolve(import.meta.dirname, '../../fixtures');

describe('producerOf: the name and, for Excel, its own marks', () => {
  it.each([
    ['Microsoft Excel', 'excel'],
    ['Microsoft Macintosh Excel', 'excel'],
    ['Microsoft Excel Online', 'excel'],
    ['  Microsoft Excel ', 'excel'],
    ['LibreOffice/7.3.7.2$Linux_X86_64 LibreOffice_project/30$Build-2', 'libreoffice'],
    ['Apache POI', 'other'],
    ['Microsoft Excelsior', 'other'],
    ['Excel', 'other'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%j with Excel 365 marks is %s', (application, kind) => {
    expect(producerOf({ application, ...EXCEL_365 }).kind).toBe(kind);
  });

  it.each([
    ['no build stamp', { appVersion: '16.0300' }, 'no Excel build stamp'],
    [
      'a stamp of another application',
      { ...EXCEL_365, fileVersion: { appName: 'Calc' } },
      'no Excel build stamp',
    ],
    ['no AppVersion', { fileVersion: EXCEL_365.fileVersion }, 'no Excel <AppVersion>'],
    ["a version that is not Excel's form", { ...EXCEL_365, appVersion: '3.1' }, 'no Excel <AppVersion>'],
    [
      "exceljs's pair (16.0300 with lastEdited 5)",
      { appVersion: '16.0300', fileVersion: { appName: 'xl', lastEdited: '5', rupBuild: '9303' } },
      'a pair Excel does not write',
    ],
  ])('"Microsoft Excel" with %s is not Excel', (_, marks, why) => {
    const p = producerOf({ application: 'Microsoft Excel', ...marks });
    expect(p.kind).toBe('other');
    expect(p.name).toContain('Microsoft Excel in name only');
    expect(p.name).toContain(why);
  });

  it.each([
    ['12.0000', '4'],
    ['14.0300', '5'],
    ['15.0300', '6'],
    ['16.0300', '6'],
    ['16.0300', '7'],
  ])('Excel %s with lastEdited %s is Excel', (appVersion, lastEdited) => {
    const fileVersion = { appName: 'xl', lastEdited, rupBuild: '4505' };
    expect(producerOf({ application: 'Microsoft Excel', appVersion, fileVersion }).kind).toBe('excel');
  });
});

describe('producerOf on real files, as the reader reads them', () => {
  it('a workbook written by exceljs (it names itself Microsoft Excel) is not Excel', async () => {
    const wb = await readWorkbook(await excelBytes((w) => void w.addWorksheet('S')));
    expect(wb.application).toBe('Microsoft Excel');
    expect(producerOf(wb)).toMatchObject({ kind: 'other', name: expect.stringContaining('in name only') });
    expect(
      producerOf(await readWorkbook(withExcelMarks(await excelBytes((w) => void w.addWorksheet('S'))))).kind,
    ).toBe('excel');
  });

  it.each([
    ['ironcalc/TEXT/CHAR.xlsx', 'Microsoft Excel'],
    ['ironcalc/DATE_AND_TIME/DATE.xlsx', 'Microsoft Macintosh Excel'],
    ['xlcalculator/ABS.xlsx', 'Microsoft Excel'],
  ])('corpus %s, saved by Excel, is Excel', async (file, name) => {
    const p = path.join(corpus, file);
    expect(existsSync(p), `corpus missing: ${p}`).toBe(true);
    expect(producerOf(await readWorkbook(new Uint8Array(readFileSync(p))))).toEqual({ kind: 'excel', name });
  });

  it('a LibreOffice file (a project twin and a corpus file) is LibreOffice', async () => {
    for (const p of [
      path.join(fixtures, 'libreoffice/excel-table.xlsx'),
      path.join(corpus, 'xlcalculator/SQRT.xlsx'),
    ]) {
      expect(existsSync(p), `missing: ${p}`).toBe(true);
      expect(producerOf(await readWorkbook(new Uint8Array(readFileSync(p)))).kind).toBe('libreoffice');
    }
  });
});
