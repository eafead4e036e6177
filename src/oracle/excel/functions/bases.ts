/**
 * The base conversions (correction `bases`; the rules and their evidence in excel-bases.ts): DEC2BIN/OCT/HEX,
 * BIN2DEC/OCT/HEX, OCT2DEC/BIN/HEX, HEX2DEC/BIN/OCT, a number and, but for *2DEC, places.
 */
import type { Corrected } from '../entry.js';
import { OPTIONAL, scalars } from '../entry.js';
import { convertBase, type Radix } from '../excel-bases.js';

const RADIX: Readonly<Record<string, Radix | 10>> = { BIN: 2, OCT: 8, DEC: 10, HEX: 16 };

const NAMES = ['DEC2BIN', 'DEC2OCT', 'DEC2HEX', 'BIN2DEC', 'BIN2OCT', 'BIN2HEX'] as const;
const MORE = ['OCT2DEC', 'OCT2BIN', 'OCT2HEX', 'HEX2DEC', 'HEX2BIN', 'HEX2OCT'] as const;

export const BASES: Corrected[] = [...NAMES, ...MORE].map((n): Corrected => {
  const from = RADIX[n.slice(0, 3)]!;
  const to = RADIX[n.slice(4)]!;
  return {
    name: `SSX.${n}`,
    params: n.endsWith('DEC') ? scalars(1) : [...scalars(1), OPTIONAL],
    calls: [
      {
        call: n,
        correction: 'bases',
        note: 'blank and `""` digits read as 0, hex in any case, decimals truncated; `" 1"`, `"+1"`, 11 characters #NUM!',
      },
    ],
    call: (c) => {
      const fromCell = c.args[0]?.type === 'CELL_REFERENCE';
      return c.values((number, places) => convertBase(from, to, number, places, fromCell));
    },
  };
});
