import { describe, expect, it } from 'vitest';
import { producerOf } from '../../src/workbook/index.js';

describe('producerOf', () => {
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
  ])('%j is %s', (app, kind) => {
    expect(producerOf(app).kind).toBe(kind);
  });
});
