/**
 * The text functions, `&` and TEXT (corrections `concat`, `text`, `format`): a number argument written as
 * Excel writes it (`excelNumberToText`: `LEN(1/3)` is 17 in Excel, 18 in HyperFormula; `LOWER(1E+21)` is
 * `1e+21` in HyperFormula), and each function's own rules (excel-textops.ts names them with their corpus
 * cells; TEXT's format codes in excel-text.ts). LEN/LEFT/MID/RIGHT count UTF-16 code units; TRIM removes
 * spaces only.
 */
import { CellError } from '../../hf.js';
import { argSource } from '../call.js';
import { concatAll } from '../corrections.js';
import { type Corrected, OPTIONAL, type Route, scalars } from '../entry.js';
import { count, toText, VALUE } from '../excel-scalars.js';
import { textAnyCode } from '../excel-text.js';
import * as text from '../excel-textops.js';
import { changeCase, excelTrim } from '../excel-values.js';

const numbersWritten = (call: string): Route[] => [
  {
    call,
    correction: 'text',
    note: 'a number argument is written as Excel writes it (`LEN(1/3)` is 17, not 18)',
  },
];
/** A text function with its own gaps besides the numbers' text. */
const fix = (call: string, note: string): Route[] => [{ call, correction: 'text', note }];
const written = (t: string | CellError, f: (t: string) => unknown) => (t instanceof CellError ? t : f(t));

export const TEXT: Corrected[] = [
  {
    name: 'SSX.CONCAT2',
    params: scalars(2),
    operator: { op: '&', correction: 'concat' },
    impl: (a, b) => concatAll([a, b]),
  },
  {
    name: 'SSX.CONCATENATE',
    params: scalars(1),
    repeatLastArgs: 1,
    // Same as HyperFormula's own CONCATENATE, so only the number formatting differs.
    expandRanges: true,
    calls: [
      {
        call: 'CONCATENATE',
        correction: 'concat',
        note: 'numbers written with at most 15 significant digits, as Excel writes them',
      },
      // Why: HyperFormula 3.5 has no CONCAT (Excel 2019; saved as `_xlfn.CONCAT`): #NAME?. It is CONCATENATE
      // with ranges expanded, which SSX.CONCATENATE does. Corpus: xlcalculator/CONCAT.xlsx A1:A6.
      {
        call: 'CONCAT',
        correction: 'concat',
        note: 'missing from HyperFormula 3.5; CONCATENATE with ranges expanded',
      },
    ],
    impl: (...a) => concatAll(a),
  },
  {
    name: 'SSX.LEN',
    params: scalars(1),
    calls: numbersWritten('LEN'),
    impl: (a) => written(toText(a), (t) => t.length), // UTF-16 code units, as Excel counts (emoji = 2)
  },
  {
    name: 'SSX.LEFT',
    params: [...scalars(1), OPTIONAL],
    calls: numbersWritten('LEFT'),
    impl: (a, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const k = n === undefined ? 1 : count(n);
      if (k instanceof CellError) return k;
      return k < 0 ? VALUE() : t.slice(0, k);
    },
  },
  {
    name: 'SSX.RIGHT',
    params: [...scalars(1), OPTIONAL],
    calls: numbersWritten('RIGHT'),
    impl: (a, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const k = n === undefined ? 1 : count(n);
      if (k instanceof CellError) return k;
      if (k < 0) return VALUE();
      return k === 0 ? '' : t.slice(Math.max(0, t.length - k));
    },
  },
  {
    name: 'SSX.MID',
    params: scalars(3),
    calls: numbersWritten('MID'),
    impl: (a, s, n) => {
      const t = toText(a);
      if (t instanceof CellError) return t;
      const start = count(s);
      if (start instanceof CellError) return start;
      const k = count(n);
      if (k instanceof CellError) return k;
      if (start < 1 || k < 0) return VALUE();
      return t.substr(start - 1, k);
    },
  },
  {
    name: 'SSX.UPPER',
    params: scalars(1),
    calls: numbersWritten('UPPER'),
    impl: (a) => written(toText(a), (t) => changeCase(t, true)),
  },
  {
    name: 'SSX.LOWER',
    params: scalars(1),
    calls: numbersWritten('LOWER'),
    impl: (a) => written(toText(a), (t) => changeCase(t, false)),
  },
  {
    name: 'SSX.TRIM',
    params: scalars(1),
    calls: numbersWritten('TRIM'),
    impl: (a) => written(toText(a), excelTrim),
  },
  {
    name: 'SSX.SUBSTITUTE',
    params: [...scalars(3), OPTIONAL],
    calls: fix('SUBSTITUTE', 'instance_num truncated (1.9 is 1); an empty old_text changes nothing'),
    impl: text.substitute,
  },
  {
    name: 'SSX.REPLACE',
    params: scalars(4),
    calls: fix('REPLACE', 'start and count truncated (HyperFormula rounds 3.9 up)'),
    impl: text.replace,
  },
  {
    name: 'SSX.FIND',
    params: [...scalars(2), OPTIONAL],
    calls: fix('FIND', 'numbers as Excel writes them; start_num past the length #VALUE!'),
    impl: (a, b, c) => text.find(a, b, c, false),
  },
  {
    name: 'SSX.SEARCH',
    params: [...scalars(2), OPTIONAL],
    calls: fix('SEARCH', "numbers as Excel writes them; Excel's case folding and wildcards"),
    impl: (a, b, c) => text.find(a, b, c, true),
  },
  {
    name: 'SSX.PROPER',
    params: scalars(1),
    calls: fix('PROPER', 'a character whose case mapping changes its length stays (`ß`)'),
    impl: text.proper,
  },
  {
    name: 'SSX.REPT',
    params: scalars(2),
    calls: fix('REPT', 'a result over 32,767 characters is #VALUE!'),
    impl: text.rept,
  },
  {
    name: 'SSX.EXACT',
    params: scalars(2),
    calls: fix('EXACT', 'numbers as Excel writes them (`EXACT(A1,"0.3")` with A1 = 0.1+0.2)'),
    impl: text.exact,
  },
  {
    name: 'SSX.VALUE',
    params: scalars(1),
    calls: fix('VALUE', 'text read as arithmetic reads it (`VALUE("$1,000")` is 1000)'),
    call: (c) => {
      const from = c.args.map(argSource);
      return c.values((v) => text.value(v, from[0]));
    },
  },
  {
    name: 'SSX.CHAR',
    params: scalars(1),
    calls: fix('CHAR', 'codes 128-255 (the Windows code page) undetermined'),
    impl: text.char,
  },
  {
    name: 'SSX.CODE',
    params: scalars(1),
    calls: fix('CODE', 'characters beyond ASCII (the Windows code page) and empty text undetermined'),
    impl: text.code,
  },
  {
    name: 'SSX.CLEAN',
    params: scalars(1),
    calls: fix('CLEAN', 'numbers as Excel writes them; codes 0-31 removed'),
    impl: text.clean,
  },
  {
    name: 'SSX.TEXTJOIN',
    // Ranges expanded into their cells, as SSX.CONCATENATE (a range delimiter is refused by the compiler).
    params: scalars(3),
    repeatLastArgs: 1,
    expandRanges: true,
    calls: fix('TEXTJOIN', 'numbers as Excel writes them; over 32,767 characters #VALUE!'),
    impl: (d, ig, ...items) => text.textJoin(d, ig, items),
  },
  {
    name: 'SSX.TEXT',
    // TEXT(value, code) with a literal code the oracle formats, or a code that is not a literal (a cell).
    params: scalars(2),
    calls: [
      {
        call: 'TEXT',
        correction: 'format',
        args: 'format-code',
        note: 'the 15-digit decimal rounded half away from zero, text returned as it is (`TEXT(1.005,"0.00")` is 1.01; HyperFormula 1.00); date codes with serial 0 as 1900-01-00 and the serial rounded to the second; a code read from a cell formatted only when it is one of these',
      },
    ],
    impl: (a, code) => textAnyCode(a, code),
  },
];
