/**
 * The oracle's PMT, NPER, PV, FV, IPMT and PPMT (the 15-digit tier), written apart from the library's JSONata: Microsoft's
 * annuity equation (PV function page) on the platform's Math.log1p, Math.expm1 and Math.log, with Excel's
 * domain errors. HyperFormula alone computes PMT with Math.pow (xlcalculator PMT.xlsx A1 PMT(0.08/12,10,10000)
 * is saved -1037.0320893591522; pow gives -1037.0320893591606, past 15 digits), gives a number for a rate of
 * -1 or -3 and for nper 0 (Excel #NUM!: ironcalc PMT.xlsx F24, F8, F17) and reads `""` as 0.
 */
import { CellError, ErrorType } from '../hf.js';
import { finite, UNKNOWN } from './excel-scalars.js';

const NUM = () => new CellError(ErrorType.NUM);

/** Past this magnitude an argument, or nper·log1p(rate) past 230, is undetermined (the library's bound). */
const BOUND = 1e100;

function outOfBounds(args: readonly number[]): boolean {
  return args.some((a) => Math.abs(a) > BOUND);
}

/**
 * PMT(rate, nper, pv, fv, type): type 1 for any non-zero number (PMT.xlsx E32 5, E33 -1, E35 1.234); rate -1
 * and nper 0 #NUM! (F24, G24, F17, F29, F30); a rate below -1 undetermined (only -3 is saved, F8).
 */
export function excelPmt(rate: number, nper: number, pv: number, fv = 0, type = 0): number | CellError {
  if (outOfBounds([rate, nper, pv, fv, type])) return UNKNOWN();
  const t = type !== 0 ? 1 : 0;
  if (rate === -1 || nper === 0) return NUM();
  if (rate < -1) return UNKNOWN();
  if (rate === 0) return finite(-(pv + fv) / nper);
  const y = nper * Math.log1p(rate);
  if (Math.abs(y) > 230) return UNKNOWN();
  return finite((-(fv + pv * Math.exp(y)) * rate) / ((1 + rate * t) * Math.expm1(y)));
}

/**
 * NPER(rate, pmt, pv, fv, type): ln((c - fv·rate)/(c + pv·rate)) / ln(1 + rate) with c = pmt·(1 + rate·type);
 * a quotient of zero or below #NUM! (NPER.xlsx F4, G10), a rate below -1 #NUM! (F8); rate -1, a zero divisor
 * and rate 0 with pmt 0 undetermined.
 */
export function excelNper(rate: number, pmt: number, pv: number, fv = 0, type = 0): number | CellError {
  if (outOfBounds([rate, pmt, pv, fv, type])) return UNKNOWN();
  const t = type !== 0 ? 1 : 0;
  if (rate === 0) return pmt === 0 ? UNKNOWN() : finite(-(pv + fv) / pmt);
  if (rate < -1) return NUM();
  if (rate === -1) return UNKNOWN();
  const c = pmt * (1 + rate * t);
  const d = c + pv * rate;
  if (d === 0) return UNKNOWN();
  const x = (c - fv * rate) / d;
  return x <= 0 ? NUM() : finite(Math.log(x) / Math.log(1 + rate));
}

/**
 * [q, q - 1] for q = (1 + rate)^nper of the rounded base b = 1 + rate: pow for an integer nper, else exp and
 * expm1 of nper·log1p(b - 1) (ln|b| below b = 0.5); undefined for a rate below -1 with a fractional nper;
 * undetermined past the bound. Rate 0 and -1 are the caller's.
 */
function roundedBasePower(rate: number, nper: number): [number, number] | CellError | undefined {
  const integral = Number.isInteger(nper);
  if (rate < -1 && !integral) return undefined;
  const b = 1 + rate;
  const y = nper * (b >= 0.5 ? Math.log1p(b - 1) : Math.log(Math.abs(b)));
  if (Math.abs(y) > 230) return UNKNOWN();
  const q = integral ? b ** nper : Math.exp(y);
  return [q, integral ? q - 1 : Math.expm1(y)];
}

/**
 * PV(rate, nper, pmt, fv, type): -(fv + pmt·(1+rate·type)·((q - 1)/rate)) / q, q of the rounded base; rate 0
 * -(fv + pmt·nper) (PV.xlsx F9); type 1 for any non-zero number (PMT.xlsx J32 5, J33 -1, J35 1.234); rate -1
 * and a rate below -1 with a fractional nper undetermined (no saved cell shows them).
 */
export function excelPv(rate: number, nper: number, pmt: number, fv = 0, type = 0): number | CellError {
  if (outOfBounds([rate, nper, pmt, fv, type])) return UNKNOWN();
  const t = type !== 0 ? 1 : 0;
  if (rate === 0) return finite(-(fv + pmt * nper));
  if (rate === -1) return UNKNOWN();
  const w = roundedBasePower(rate, nper);
  if (w === undefined) return UNKNOWN();
  if (w instanceof CellError) return w;
  return finite(-(fv + pmt * (1 + rate * t) * (w[1] / rate)) / w[0]);
}

/**
 * FV(rate, nper, pmt, pv, type): -(pv·q + pmt·(1+rate·type)·((q - 1)/rate)), q of the rounded base; rate 0
 * -(pv + pmt·nper) (FV.xlsx F9); a rate below -1 with a fractional nper #NUM! (Sheet2!B1); rate -1
 * undetermined (Sheet2!A1 shows #DIV/0! for one nper only); a result under 1/16 of its larger term undetermined
 * (nearly equal terms magnify their last-bit differences: PMT.xlsx L33, L34).
 */
const CANCEL = 16;

export function excelFv(rate: number, nper: number, pmt: number, pv = 0, type = 0): number | CellError {
  if (outOfBounds([rate, nper, pmt, pv, type])) return UNKNOWN();
  const t = type !== 0 ? 1 : 0;
  if (rate === -1) return UNKNOWN();
  const w = rate === 0 ? [1, 0] : roundedBasePower(rate, nper);
  if (w === undefined) return NUM();
  if (w instanceof CellError) return w;
  const x = pv * w[0]!;
  const y = rate === 0 ? pmt * nper : pmt * (1 + rate * t) * (w[1]! / rate);
  const s = Math.abs(x + y);
  if (Math.abs(x) > CANCEL * s || Math.abs(y) > CANCEL * s) return UNKNOWN();
  return finite(-(x + y));
}

/**
 * IPMT and PPMT's shared checks, then `k(L, p)` with L = log1p(rate) and p the payment (PMT's form): per below 1
 * #NUM! (IPMT_PPMT.xlsx G9, G10, G25, G26); per a whole period or more past an integer nper ≥ 1 #NUM! (G11, G18),
 * less a value (G17); past a fractional nper or with an nper below 1 undetermined; rate -1 or below, a type other
 * than 0 or 1 undetermined (IPMT_PPMT.xlsx has only those);
 * rate 0 `zero()`, a rate under 1E-300 in magnitude undetermined (PPMT's quotient of powers would overflow). The
 * power terms are written without a difference of large terms (loan.ts in the lowering says why).
 */
function loan(
  a: readonly number[],
  zero: () => number,
  k: (L: number, p: number, t: number) => number | CellError,
): number | CellError {
  if (outOfBounds(a)) return UNKNOWN();
  const [rate = 0, per = 0, nper = 0, pv = 0, fv = 0, type = 0] = a;
  if (type !== 0 && type !== 1) return UNKNOWN();
  const t = type;
  if (rate <= -1) return UNKNOWN();
  if (per < 1) return NUM();
  if (per > nper && (nper < 1 || !Number.isInteger(nper))) return UNKNOWN();
  if (per >= nper + 1) return NUM();
  if (rate === 0) return finite(zero());
  if (Math.abs(rate) < 1e-300) return UNKNOWN();
  const L = Math.log1p(rate);
  if (Math.abs(nper * L) > 229) return UNKNOWN();
  const p = (-(fv + pv * Math.exp(nper * L)) * rate) / ((1 + rate * t) * Math.expm1(nper * L));
  return k(L, p, t);
}

/**
 * IPMT(rate, per, nper, pv, fv, type): the interest on the balance still owed, -p·expm1(-m·L) +
 * rate·fv·e^(-(m + type)·L) with m = nper - per + 1; type 1 in period 1 is 0 (G2, G22); rate 0 is 0 (G19); a
 * result under 1/16 of its larger term undetermined (as FV's).
 */
export function excelIpmt(
  rate: number,
  per: number,
  nper: number,
  pv: number,
  fv = 0,
  type = 0,
): number | CellError {
  return loan(
    [rate, per, nper, pv, fv, type],
    () => 0,
    (L, p, t) => {
      if (t === 1 && per === 1) return 0;
      const w = -(nper - per + 1) * L;
      const x = -p * Math.expm1(w);
      const y = rate * fv * Math.exp(w - t * L);
      const s = Math.abs(x + y);
      if (Math.abs(x) > CANCEL * s || Math.abs(y) > CANCEL * s) return UNKNOWN();
      return finite(x + y);
    },
  );
}

/**
 * PPMT(rate, per, nper, pv, fv, type): the principal, -rate·(pv + fv)·e^((per - 1 - type)·L)/expm1(nper·L); type
 * 1 in period 1 is the payment (I2, I22); rate 0 -(pv + fv)/nper (I19, I20, I21); pv + fv under 1/16 of the
 * larger undetermined (Excel's own order, not shown, may cancel there).
 */
export function excelPpmt(
  rate: number,
  per: number,
  nper: number,
  pv: number,
  fv = 0,
  type = 0,
): number | CellError {
  return loan(
    [rate, per, nper, pv, fv, type],
    () => -(pv + fv) / nper,
    (L, p, t) => {
      if (t === 1 && per === 1) return finite(p);
      if (CANCEL * Math.abs(pv + fv) < Math.max(Math.abs(pv), Math.abs(fv))) return UNKNOWN();
      return finite(-rate * (pv + fv) * (Math.exp((per - 1 - t) * L) / Math.expm1(nper * L)));
    },
  );
}

/**
 * NPV(rate, values): one quotient, the flows folded forward (N = N·(1 + rate) + value) over (1 + rate)^n by
 * repeated multiplication (the order measured closest to Excel's saved cells, scripts/finance-order.ts); rate
 * -1, no values, an argument past the bound, a product past 1E+300 or under 1E-300 undetermined; a result under
 * 1/32 of the discounted sum of the flows' magnitudes undetermined (IRR.xlsx M2..M19: NPV at the IRR, a
 * difference of nearly equal terms).
 */
export function excelNpv(rate: number, values: readonly number[]): number | CellError {
  if (rate === -1 || values.length === 0 || outOfBounds([rate, ...values])) return UNKNOWN();
  const b = 1 + rate;
  let n = 0;
  let m = 0;
  let p = 1;
  for (const x of values) {
    p *= b;
    if (Math.abs(p) > 1e300 || Math.abs(p) < 1e-300 || m > 1e300 / (Math.abs(b) + 1)) return UNKNOWN();
    n = n * b + x;
    m = m * Math.abs(b) + Math.abs(x);
  }
  const s = n / p;
  return 32 * Math.abs(s) < m / Math.abs(p) ? UNKNOWN() : finite(s);
}
