/**
 * Library helpers: IPMT and PPMT (entry.ts), in the 15-digit tier: the interest and the principal of one period's
 * payment of an annuity.
 *
 * Both are written on the unrounded rate, with L = log1p(rate) and every power of 1 + rate as exp or expm1 of a
 * multiple of L (fdlibm's, helpers.ts), in forms with no difference of large terms: with p the payment (PMT's
 * form) and m = nper - per + 1 the periods left,
 *   IPMT = -p·expm1(-m·L) + rate·fv·exp(-(m + type)·L)            (the interest on the balance still owed)
 *   PPMT = -rate·(pv + fv)·(exp((per - 1 - type)·L) / expm1(nper·L))   (the principal grows by 1 + rate a period)
 * and for type 1 in period 1, IPMT 0 and PPMT the payment. These are Microsoft's annuity equation (PV page) solved
 * for the balance, the same values as IPMT = FV(rate, per - 1, p, pv)·rate and PPMT = p - IPMT in exact arithmetic.
 * Measured on every saved cell (scripts/finance-order.ts): Excel's IPMT values lie within about one ulp of the
 * exact value, its PPMT values up to 6 ulps from it (IPMT_PPMT.xlsx I4); the plain double forms (IPMT through FV,
 * PPMT as PMT - IPMT) lose up to thousands of ulps where the terms cancel (I4: -0.417 from terms near 1846). Which
 * order Excel uses is not shown (docs/semantics.md, "The 15-digit tier").
 *
 * Only number arguments are established (the saved cells hold numbers and one error, IPMT_PPMT.xlsx A8 #N/A): a
 * blank, a boolean or text argument is not established.
 */
import type { HelperSource } from '../../helpers/source.js';
import { MIN_NORMAL } from '../transcendental/helpers.js';

const BIG = '1e100';
const NE_BIG = '"a financial function with an argument or (1+rate)^nper past 1E+100 in magnitude"';

export const LOAN_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlFinResult: {
    // As the oracle's results (excel-scalars.ts `finite`): a subnormal result is not established (Excel is
    // believed to flush one to 0, undocumented), negative zero is 0.
    fn: `function($x) { $type($x) != "number" ? $x : $x = 0 ? 0 : $abs($x) < ${MIN_NORMAL} ? $xlNE("a financial result below 2^-1022 (subnormal)") : $x }`,
    doc: 'a financial result: subnormal not established, -0 as 0 (internal)',
  },
  xlLoanArgs: {
    // Number arguments and errors only, the first error in order wins (IPMT_PPMT.xlsx G8: A8 #N/A); a type other
    // than 0 or 1 not established (IPMT_PPMT.xlsx shows only those two; PMT reads any non-zero number as 1).
    fn: `function($l, $f) {(
  $e := $l[$type($) = "object"][0];
  $exists($e) ? $e :
  $count($l[$type($) != "number"]) > 0 ? $xlNE($f & " with a blank, a boolean or text argument") :
  $count($l[$abs($) > ${BIG}]) > 0 ? $xlNE(${NE_BIG}) :
  $l[-1] != 0 and $l[-1] != 1 ? $xlNE($f & " with a type other than 0 or 1") : $l
)}`,
    doc: "IPMT/PPMT's arguments: numbers and errors, type 0 or 1 (internal)",
  },
  xlLoan: {
    // The cases both share, then $k(r, per, n, pv, fv, t, L, p) for a rate other than 0 and -1. per below 1
    // #NUM! (IPMT_PPMT.xlsx G9 -3, G10 0, G25 0.99999, G26 0.5); per above an integer nper ≥ 1 by a whole period
    // or more #NUM! (G11 3 of 2, G18 4 of 3), by less a value (G17 3.9 of 3); past a fractional nper, or an
    // nper below 1, not established (is the bound nper + 1 or the whole part of per? no cell tells). Rate 0
    // is $z (G19..G21); rate -1 or below not established (no saved IPMT or PPMT cell shows it), and so is a rate
    // under 1E-300 in magnitude (PPMT's (1+rate)^(per-1)/((1+rate)^nper - 1) would overflow).
    fn: `function($l, $f, $z, $k) {( $a := $xlLoanArgs($l, $f);
  $type($a) = "object" ? $a : (
    $r := $a[0]; $per := $a[1]; $n := $a[2]; $v := $a[3]; $fv := $a[4]; $t := $a[5];
    $r <= -1 ? $xlNE($f & " with a rate of -1 or below") :
    $per < 1 ? {"error": "#NUM!"} :
    $per > $n and ($n < 1 or $n != $floor($n)) ? $xlNE($f & " with per past a fractional nper or an nper below 1") :
    $per >= $n + 1 ? {"error": "#NUM!"} :
    $r = 0 ? $xlFinResult($z($per, $n, $v, $fv)) :
    $abs($r) < 1e-300 ? $xlNE($f & " with a rate under 1E-300 in magnitude") : (
      $L := $xlLog1p($r);
      $y := $n * $L;
      $abs($y) > 229 ? $xlNE(${NE_BIG}) :
        $xlFinResult($k($r, $per, $n, $v, $fv, $t, $L, 0 - ($fv + $v * $xlExpCore($y)) * $r / ((1 + $r * $t) * $xlExpm1($y))))
    )
  )
)}`,
    doc: 'the checks IPMT and PPMT share (internal)',
  },
  xlIpmt: {
    // Type 1 in period 1 is 0 (G2, G22: per exactly 1; G23 per 1.0001 is not). Where the two terms nearly
    // cancel (a result under 1/16 of the larger) their last-bit differences from Excel's are magnified, as FV's
    // (helpers.ts): not established.
    fn: `function($l) { $xlLoan($l, "IPMT", function($per, $n, $v, $fv) { 0 },
  function($r, $per, $n, $v, $fv, $t, $L, $p) {(
    $t = 1 and $per = 1 ? 0 : (
      $w := 0 - ($n - $per + 1) * $L;
      $x := 0 - $p * $xlExpm1($w);
      $y := $r * $fv * $xlExpCore($w - $t * $L);
      $abs($x) > 16 * $abs($x + $y) or $abs($y) > 16 * $abs($x + $y)
        ? $xlNE("IPMT whose result is under 1/16 of its larger term (a difference of nearly equal terms)") : $x + $y
    )
  )}) }`,
    doc: 'IPMT(rate, per, nper, pv, fv, type): the interest part of a period',
  },
  xlPpmt: {
    // Rate 0: -(pv + fv)/nper (I19..I21). Type 1 in period 1 is the payment (I2, I22). pv + fv under 1/16 of
    // the larger is not established: Excel's own order (not shown) may cancel there.
    fn: `function($l) { $xlLoan($l, "PPMT", function($per, $n, $v, $fv) { 0 - ($v + $fv) / $n },
  function($r, $per, $n, $v, $fv, $t, $L, $p) {
    $t = 1 and $per = 1 ? $p :
    16 * $abs($v + $fv) < $max([$abs($v), $abs($fv)])
      ? $xlNE("PPMT whose pv + fv is under 1/16 of the larger (a difference of nearly equal terms)") :
    0 - $r * ($v + $fv) * ($xlExpCore(($per - 1 - $t) * $L) / $xlExpm1($n * $L))
  }) }`,
    doc: 'PPMT(rate, per, nper, pv, fv, type): the principal part of a period',
  },
};
