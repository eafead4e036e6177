/**
 * Excel's "future functions": the functions newer than the file format's first edition, which a file stores with a
 * prefix (`_xlfn.CONCAT(`, `_xlfn._xlws.FILTER(`) and Excel shows without it. The reader drops the prefix
 * (parser.ts); a writer must add it, or Excel and LibreOffice read an unknown name and answer #NAME?.
 *
 * The list is [MS-XLSX] 2.2.3 "Functions" (learn.microsoft.com/openspecs/office_standards/ms-xlsx, section
 * 5d1b6d44): its 2017 revision's table, the entries of the current revision, and every prefixed name Excel saved
 * in ../shared/corpus/expected-cells.jsonl (`grep -oE '_xlfn\.(_xlws\.)?[A-Z0-9.]+\('`). NETWORKDAYS.INTL,
 * WORKDAY.INTL, ISO.CEILING and ECMA.CEILING are in the table without a prefix, so they are not here.
 */
const XLWS = ['FILTER', 'PY', 'SORT'];

const XLFN = [
  'ACOT ACOTH AGGREGATE ANCHORARRAY ARABIC ARRAYTOTEXT BASE BETA.DIST BETA.INV BINOM.DIST BINOM.DIST.RANGE',
  'BINOM.INV BITAND BITLSHIFT BITOR BITRSHIFT BITXOR BYCOL BYROW CEILING.MATH CEILING.PRECISE CHISQ.DIST',
  'CHISQ.DIST.RT CHISQ.INV CHISQ.INV.RT CHISQ.TEST CHOOSECOLS CHOOSEROWS COMBINA CONCAT CONFIDENCE.NORM',
  'CONFIDENCE.T COT COTH COVARIANCE.P COVARIANCE.S CSC CSCH DAYS DECIMAL DROP ERF.PRECISE ERFC.PRECISE EXPAND',
  'EXPON.DIST F.DIST F.DIST.RT F.INV F.INV.RT F.TEST FIELDVALUE FILTERXML FLOOR.MATH FLOOR.PRECISE FORECAST.ETS',
  'FORECAST.ETS.CONFINT FORECAST.ETS.SEASONALITY FORECAST.ETS.STAT FORECAST.LINEAR FORMULATEXT GAMMA GAMMA.DIST',
  'GAMMA.INV GAMMALN.PRECISE GAUSS HSTACK HYPGEOM.DIST IFNA IFS IMCOSH IMCOT IMCSC IMCSCH IMSEC IMSECH IMSINH',
  'IMTAN ISFORMULA ISOMITTED ISOWEEKNUM LAMBDA LET LOGNORM.DIST LOGNORM.INV MAKEARRAY MAP MAXIFS MINIFS',
  'MODE.MULT MODE.SNGL MUNIT NEGBINOM.DIST NORM.DIST NORM.INV NORM.S.DIST NORM.S.INV NUMBERVALUE PDURATION',
  'PERCENTILE.EXC PERCENTILE.INC PERCENTRANK.EXC PERCENTRANK.INC PERMUTATIONA PHI POISSON.DIST QUARTILE.EXC',
  'QUARTILE.INC QUERYSTRING RANK.AVG RANK.EQ REDUCE REGEXEXTRACT REGEXREPLACE REGEXTEST RRI SCAN SEC SECH',
  'SEQUENCE SHEET SHEETS SINGLE SKEW.P SORTBY STDEV.P STDEV.S SWITCH T.DIST T.DIST.2T T.DIST.RT T.INV T.INV.2T',
  'T.TEST TAKE TEXTAFTER TEXTBEFORE TEXTJOIN TEXTSPLIT TOCOL TOROW TRIMRANGE UNICHAR UNICODE UNIQUE VALUETOTEXT',
  'VAR.P VAR.S VSTACK WEBSERVICE WEIBULL.DIST WRAPCOLS WRAPROWS XLOOKUP XMATCH XOR Z.TEST',
]
  .join(' ')
  .split(' ');

/** Each future function (upper case) and the prefix a file stores before it. */
export const FUTURE_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ...XLFN.map((name): [string, string] => [name, '_xlfn.']),
  ...XLWS.map((name): [string, string] => [name, '_xlfn._xlws.']),
]);

/**
 * A formula as a file stores it: each call of a future function gets its prefix (`CONCAT(A1,B1)` →
 * `_xlfn.CONCAT(A1,B1)`); string literals, names already prefixed and other names are left as written.
 */
export function storedFormula(text: string): string {
  // Splitting on `"` alternates outside/inside a string literal; a doubled `""` inside one leaves an empty
  // outside piece, which holds no name.
  return text
    .split('"')
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(
            /(^|[^A-Za-z0-9_.])([A-Za-z][A-Za-z0-9.]*)(?=\s*\()/g,
            (whole, before: string, name: string) => {
              const prefix = FUTURE_FUNCTIONS.get(name.toUpperCase());
              return prefix === undefined ? whole : `${before}${prefix}${name}`;
            },
          ),
    )
    .join('"');
}

/**
 * A formula as Excel shows it: the `_xlfn.`, `_xlws.` and `_xlpm.` prefixes a file stores are dropped outside string
 * literals (`_xlfn.CONCAT(A1,"_xlfn.")` → `CONCAT(A1,"_xlfn.")`). For messages and descriptions; the compiler reads
 * the stored text.
 */
export function displayFormula(text: string): string {
  if (!text.includes('_xl')) return text;
  return text
    .split('"')
    .map((piece, i) =>
      i % 2 === 1 ? piece : piece.replace(/(^|[^A-Za-z0-9_.])(?:_xlfn\.|_xlws\.|_xlpm\.)+/gi, '$1'),
    )
    .join('"');
}
