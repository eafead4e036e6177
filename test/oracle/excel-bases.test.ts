/**
 * The oracle's `bases` correction (src/oracle/excel/excel-bases.ts): Excel's saved values from
 * ../shared/corpus/excel/xlcalculator/BASES.xlsx (sheet!cell named), Microsoft's DEC2BIN/BIN2DEC pages, and
 * `#ERROR!` where Excel's answer is not established.
 */
import { describeOracleCases, err, type OracleCase, UNKNOWN } from './oracle-cases.js';

// Inputs in A..B of each row; the formula in D.
const CASES: OracleCase[] = [
  ['=DEC2BIN(A1)', [-1], '1111111111'], // dec2!L3
  ['=DEC2BIN(A1)', [512], err('#NUM!')],
  ['=DEC2OCT(A1)', [536870911], '3777777777'], // dec2!AH41
  ['=DEC2OCT(A1)', [536870912], err('#NUM!')], // dec2!AH42
  ['=DEC2HEX(A1)', [-549755813888], '8000000000'], // dec2!AE46
  ['=DEC2HEX(A1)', [549755813888], err('#NUM!')], // dec2!AE42
  ['=DEC2BIN(A1)', [null], '0'], // non-numeric!H2
  ['=DEC2BIN(A1)', [''], err('#VALUE!')], // non-numeric!H3
  ['=DEC2BIN(A1)', ['a'], err('#VALUE!')], // non-numeric!H5
  ['=DEC2BIN(A1)', ['5'], '101'],
  ['=DEC2BIN(A1)', [9.9], '1001'], // truncated
  ['=DEC2BIN(A1,B1)', [10, 4.9], '1010'], // places truncated (Microsoft)
  ['=DEC2BIN(A1,B1)', [10, 3], err('#NUM!')], // places!G5
  ['=DEC2BIN(A1,B1)', [-25, 1], '1111100111'], // places!G27: ignored for a negative
  ['=DEC2BIN(A1,B1)', [-25, 11], err('#NUM!')], // places!G37
  ['=DEC2BIN(A1,B1)', ['E', 0], err('#NUM!')], // places!G38: places checked first
  ['=DEC2BIN(A1,B1)', ['E', 1], err('#VALUE!')], // places!G39
  ['=DEC2BIN(A1,B1)', [110, '5'], err('#NUM!')],
  ['=BIN2HEX(A1,B1)', [110, '5'], '00006'], // non-numeric!R14
  ['=DEC2BIN(A1,B1)', [err('#N/A'), err('#DIV/0!')], err('#N/A')],
  ['=BIN2DEC(A1)', [null], 0], // non-numeric!C2
  ['=BIN2DEC(A1)', [''], 0], // non-numeric!C3
  ['=BIN2DEC(A1)', [1111111111], -1], // bin2!B18
  ['=BIN2DEC(A1)', [-1], err('#NUM!')], // bin2!B2
  ['=BIN2DEC(A1)', [' 1'], err('#NUM!')],
  ['=BIN2DEC(A1)', ['+1'], err('#NUM!')],
  ['=BIN2DEC(A1)', ['00000000001'], err('#NUM!')], // more than 10 characters
  ['=HEX2DEC(A1)', ['ff'], 255], // non-numeric!M5 (lower case)
  ['=HEX2DEC(A1)', ['FFFFFFFFFF'], -1], // hex2!D44
  ['=HEX2OCT(A1)', ['FFDFFFFFFF'], err('#NUM!')], // hex2!C38
  ['=HEX2BIN(A1)', ['FFFFFFFE00'], '1000000000'], // hex2!B41
  ['=OCT2HEX(A1,B1)', ['7777777777', 3], 'FFFFFFFFFF'],
  ['=OCT2BIN(A1,B1)', [7, 'x'], err('#VALUE!')],
  // Not established.
  ['=DEC2BIN(TRUE)', [], UNKNOWN],
  ['=BIN2DEC(A1)', [true], UNKNOWN],
  // Truncated toward zero, then the range checked (ironcalc NUMBER_SYSTEMS.xlsx Decimal!C12, C13, C17, E17).
  ['=DEC2BIN(A1)', [-1.5], '1111111111'],
  ['=DEC2BIN(A1)', [511.5], '111111111'],
  ['=DEC2BIN(A1)', [511.9], '111111111'], // C13
  ['=DEC2BIN(A1,B1)', [-512.8, 1], '1000000000'], // D17
  ['=DEC2HEX(A1)', [-512.8], 'FFFFFFFE00'], // E17
  ['=DEC2OCT(A1)', [536870911.5], UNKNOWN], // an end of the octal range: no saved cell
  ['=DEC2HEX(A1)', [-549755813888.5], UNKNOWN],
  ['=DEC2BIN(A1)', [512], err('#NUM!')], // C8
  ['=DEC2BIN(A1)', [true], err('#VALUE!')], // C25: a boolean read from a cell
  ['=DEC2OCT(A1)', [false], err('#VALUE!')], // G26
  ['=DEC2BIN(A1)', [-600.5], err('#NUM!')], // out of range either way
  ['=DEC2BIN(A1)', [2.9999999999999996], UNKNOWN], // the double or its 15 digits?
  ['=DEC2BIN(A1,B1)', [3, null], UNKNOWN], // a blank places: 0 or omitted?
  ['=DEC2BIN(A1,B1)', [3, 10.5], UNKNOWN],
  ['=DEC2BIN(A1,B1)', [600, 'x'], UNKNOWN], // which is checked first?
  ['=DEC2BIN(A1,B1)', [err('#N/A'), 0], UNKNOWN],
  // RADIANS / DEGREES (EverythingTests row 368 and 1100).
  ['=DEGREES(A1)', [-534], -30595.946259985962], // F368
  ['=DEGREES(A1)', [true], 57.295779513082323], // G368
  ['=DEGREES(A1)', [''], err('#VALUE!')], // I368
  ['=RADIANS(A1)', [2], 3.4906585039886591e-2], // E1100
  ['=RADIANS(A1)', ['1'], 1.7453292519943295e-2], // K1100
  ['=DEGREES(A1)', [1e307], err('#NUM!')],
  ['=RADIANS(A1)', [-534], UNKNOWN], // x·(π/180) and x·π/180 differ
];

describeOracleCases('oracle: the bases correction', CASES);
