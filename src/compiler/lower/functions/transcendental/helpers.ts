/**
 * Library helpers: EXP, LN, LOG and LOG10 (entry.ts), in the 15-digit tier.
 *
 * JSONata has `$power` and `$sqrt` but no logarithm or exponential, so the library computes them. The cores
 * are transcriptions of fdlibm's `e_exp.c`, `e_log.c` and `e_log10.c` (Sun Microsystems, freely
 * redistributable), the algorithms V8's Math.exp, Math.log and Math.log10 are ports of: the same argument reduction (Cody-Waite with ln 2 split
 * into a 32-bit high part and a low part), the same polynomials and the same order of operations, on the same
 * IEEE doubles, so each result is the platform's bit for bit. fdlibm's bound is below one ulp for each;
 * test/lower/transcendental.test.ts measures the largest difference from Math.exp and Math.log over 10^5
 * random arguments each (docs/semantics.md quotes it). Where C reads the bits of a double (the high word, the
 * exponent), the helpers compare with the doubles those bit patterns stand for, and take the exponent by
 * counting the binary digits of its integer part.
 */
import type { HelperSource } from '../../helpers/source.js';

/** fdlibm's ln 2 split: LN2_HI has 32 significant bits, so k·LN2_HI is exact for |k| < 2^21. */
export const LN2_HI = '6.93147180369123816490e-01';
export const LN2_LO = '1.90821492927058770002e-10';
/** The smallest normal double, 2^-1022, and 2^54 (fdlibm scales subnormal arguments by it). */
export const MIN_NORMAL = '2.2250738585072014e-308';
const TWO54 = '18014398509481984';

export const TRANSCENDENTAL_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlBinade: {
    // The exponent e and mantissa m in [1, 2) of a positive normal double, m·2^e = x. The binary digits of
    // floor(x) (JSONata's $formatBase, JavaScript's toString(2), exact for an integer) number e + 1; below 1,
    // of floor(x·2^1023) (exact scaling). m = x / 2^e is exact too. A loop of halving steps costs ten times
    // as much in JSONata.
    fn: `function($x) {(
  $s := $x < 1 ? 1023 : 0;
  $e := $length($formatBase($floor($x * $power(2, $s)), 2)) - 1 - $s;
  {"m": $x / $power(2, $e), "e": $e}
)}`,
    doc: 'the binary exponent and mantissa of a positive normal double (internal)',
  },
  xlExpCore: {
    // fdlibm e_exp.c: |x| > 0.5 ln 2 (high word above 0x3fd62e42) is reduced by k·ln 2, k = ±1 below 1.5 ln 2
    // (high word 0x3ff0a2b2), else k = trunc(x/ln 2 ± 0.5); r = hi - lo; exp(r) = 1 - ((lo - r·c/(2 - c)) - hi)
    // with c = r - r²·P(r²); |x| < 2^-28 gives 1 + x. The result times 2^k in two exact steps (one rounding
    // at most, where it is subnormal). Above 709.78... it overflows (undefined), below -745.13... it is 0. exp(1) is the double nearest
    // e, as V8 special-cases it (the reduction would give the next one up; Excel saves 2.7182818284590451,
    // ironcalc EXP_SIGN.xlsx B14).
    fn: `function($x) {(
  $a := $abs($x);
  $x > 7.09782712893383973096e+02 ? undefined :
  $x < -7.45133219101941108420e+02 ? 0 :
  $a < 3.725290298461914e-9 ? 1 + $x :
  $x = 1 ? 2.718281828459045 : (
    $k := $a < 0.3465735912322998 ? 0 :
      $a < 1.0397205352783203 ? ($x < 0 ? -1 : 1) : (
        $t := 1.44269504088896338700e+00 * $x + ($x < 0 ? -0.5 : 0.5);
        $t < 0 ? 0 - $floor(0 - $t) : $floor($t)
      );
    $hi := $x - $k * ${LN2_HI};
    $lo := $k * ${LN2_LO};
    $r := $k = 0 ? $x : $hi - $lo;
    $t := $r * $r;
    $c := $r - $t * (1.66666666666666019037e-01 + $t * (-2.77777777770155933842e-03 + $t * (6.61375632143793436117e-05 + $t * (-1.65339022054652515390e-06 + $t * 4.13813679705723846039e-08))));
    $k = 0 ? 1 - (($r * $c) / ($c - 2) - $r) : (
      $y := 1 - (($lo - ($r * $c) / (2 - $c)) - $hi);
      $h := $floor($k / 2);
      $y * $power(2, $h) * $power(2, $k - $h)
    )
  )
)}`,
    doc: 'e^x for a finite number, as fdlibm computes it; undefined where it overflows (internal)',
  },
  xlLnCore: {
    // fdlibm e_log.c for a positive finite x: x = 2^k·(1 + f) with 1 + f in [√2/2, √2) (decided, as in C, on
    // the 20 high mantissa bits h), then ln(1 + f) from s = f/(2 + f) and fdlibm's Lg1..Lg7 polynomial, in
    // C's order; |f| < 2^-20 by a shorter series.
    fn: `function($x) {(
  $sub := $x < ${MIN_NORMAL};
  $b := $xlBinade($sub ? $x * ${TWO54} : $x);
  $k0 := $sub ? -54 : 0;
  $h := $floor(($b.m - 1) * 1048576);
  $up := $h + 614244 >= 1048576;
  $k := $k0 + $b.e + ($up ? 1 : 0);
  $f := ($up ? $b.m / 2 : $b.m) - 1;
  ($h + 2) % 1048576 < 3 ? (
    $f = 0 ? ($k = 0 ? 0 : $k * ${LN2_HI} + $k * ${LN2_LO}) : (
      $R := $f * $f * (0.5 - 0.33333333333333333 * $f);
      $k = 0 ? $f - $R : $k * ${LN2_HI} - (($R - $k * ${LN2_LO}) - $f)
    )
  ) : (
    $s := $f / (2 + $f);
    $z := $s * $s;
    $w := $z * $z;
    $t1 := $w * (3.999999999940941908e-01 + $w * (2.222219843214978396e-01 + $w * 1.531383769920937332e-01));
    $t2 := $z * (6.666666666666735130e-01 + $w * (2.857142874366239149e-01 + $w * (1.818357216161805012e-01 + $w * 1.479819860511658591e-01)));
    $R := $t2 + $t1;
    $h >= 398458 and $h <= 440401 ? (
      $hfsq := 0.5 * $f * $f;
      $k = 0 ? $f - ($hfsq - $s * ($hfsq + $R)) : $k * ${LN2_HI} - (($hfsq - ($s * ($hfsq + $R) + $k * ${LN2_LO})) - $f)
    ) : (
      $k = 0 ? $f - $s * ($f - $R) : $k * ${LN2_HI} - (($s * ($f - $R) - $k * ${LN2_LO}) - $f)
    )
  )
)}`,
    doc: 'the natural logarithm of a positive finite number, as fdlibm computes it (internal)',
  },
  xlLog10Core: {
    // fdlibm e_log10.c for a positive finite x: x = 2^k·m, m in [1, 2) (in [0.5, 1) when k < 0, as C keeps the
    // sign bit of k), then y·log10(2) in two parts around log10(e)·ln(m): Math.log10 bit for bit, exact at
    // the powers of ten (LOG10(1000) is 3, LOG_LOG10_LN.xlsx LOG10!B5).
    fn: `function($x) {(
  $sub := $x < ${MIN_NORMAL};
  $b := $xlBinade($sub ? $x * ${TWO54} : $x);
  $k := ($sub ? -54 : 0) + $b.e;
  $i := $k < 0 ? 1 : 0;
  $y := $k + $i;
  $z := $y * 3.69423907715893078616e-13 + 4.34294481903251816668e-01 * $xlLnCore($i = 1 ? $b.m / 2 : $b.m);
  $z + $y * 3.01029995663611771306e-01
)}`,
    doc: 'the base-10 logarithm of a positive finite number, as fdlibm computes it (internal)',
  },
  xlExp: {
    fn: `function($v) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x :
  (
    $y := $xlExpCore($x);
    $not($exists($y)) ? {"error": "#NUM!"} :
    $x <= -745 ? 0 :
    $y < ${MIN_NORMAL} ? $xlNE("EXP with a result below 2^-1022 (subnormal), above -745") : $y
  )
)}`,
    // EXP(-745) and EXP(-1000) are saved 0 (ironcalc EXP_SIGN.xlsx B44, B46; the platform gives 5e-324 for
    // -745): Excel flushes there. Other results below 2^-1022 (subnormal) are not established.
    doc: 'EXP: e to the number (arithmetic coercion); #NUM! where it overflows',
  },
  xlLn: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $x <= 0 ? {"error": "#NUM!"} : $xlLnCore($x) )}`,
    doc: 'LN: the natural logarithm (arithmetic coercion); #NUM! for zero or below',
  },
  xlLog: {
    // A number of zero or below is #NUM! before base 1's #DIV/0! (FormulaEvalTestData_Copy.xlsx
    // EverythingTests!K852 LOG(F17,E15), F17 blank, E15 "1": #NUM!). Base 10 by fdlibm's log10 (exact at the
    // powers of ten); another base as ln x / ln b.
    fn: `function($v, $w) {( $x := $xlNum($v); $b := $xlNum($w);
  $xlIsErr($x) ? $x : $xlIsErr($b) ? $b :
  $x <= 0 or $b <= 0 ? {"error": "#NUM!"} :
  $b = 1 ? {"error": "#DIV/0!"} :
  $b = 10 ? $xlLog10Core($x) : $xlLnCore($x) / $xlLnCore($b)
)}`,
    doc: 'LOG / LOG10: the logarithm in a base (10 when omitted); #NUM! for a number or base of zero or below, #DIV/0! in base 1',
  },
};
