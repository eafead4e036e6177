/**
 * Library helpers: PMT, NPER, PV and FV (entry.ts), in the 15-digit tier.
 *
 * Microsoft's PV page gives the equation both solve: pv·(1+rate)^nper + pmt·(1+rate·type)·
 * ((1+rate)^nper - 1)/rate + fv = 0, and (pmt·nper) + pv + fv = 0 when rate is 0. PMT solves it for pmt
 * with (1+rate)^nper as exp(nper·log1p(rate)) and (1+rate)^nper - 1 as expm1(nper·log1p(rate)): Excel's saved
 * payments are the accurate ones (xlcalculator PMT.xlsx A1 PMT(0.08/12,10,10000) -1037.0320893591522; the
 * plain power gives -1037.0320893591606, past 15 digits), which rounding 1 + rate first cannot give. log1p and
 * expm1 are fdlibm's (s_log1p.c, s_expm1.c), Math.log1p and Math.expm1 bit for bit, as exp and log are
 * (transcendental.ts). NPER is ln of a quotient over ln(1 + rate). PV and FV take (1+rate)^nper of the rounded
 * base 1 + rate (the platform's pow for an integer nper, exp/expm1 of nper·log1p(base - 1) otherwise) and
 * divide (q - 1) by rate before the payment multiplies it (scripts/finance-order.ts measures the candidate
 * orders on the saved cells; docs/semantics.md, "The 15-digit tier"). Every argument coerces
 * like arithmetic; type is 1 for any non-zero number (PMT.xlsx E32 5, E33 -1, E35 1.234, E11 TRUE). The
 * evidence for each rule is on its function entry.
 *
 * Why the magnitude bound: JSONata throws on arithmetic with an infinite operand, so a value past 1e100 (an
 * argument, or (1+rate)^nper past e^230) could overflow an intermediate product; such a case is not
 * established rather than computed.
 */
import type { HelperSource } from '../../helpers/source.js';
import { LN2_HI, LN2_LO } from '../transcendental/helpers.js';

const BIG = '1e100';
const BIG_NE = '"a financial function with an argument or (1+rate)^nper past 1E+100 in magnitude"';

/**
 * FV is pv·q plus the annuity term, and where they nearly cancel the result carries their last-bit
 * differences from Excel's magnified by the ratio of the larger term to the result: PMT.xlsx L33 (FV of a
 * PMT-computed payment, about 41 times smaller than its terms) is saved 10.000000000000114, the library gives
 * 10.00000000000017, and L34 (34 times) 10.000000000000057 against 10. Past a ratio of 16 (four bits of the
 * terms' 53) FV is not established; the corpus's cells of ratio at most 13 (L16) agree at 15 digits.
 */
const CANCEL = 16;
const CANCEL_NE = '"FV whose result is under 1/16 of its larger term (a difference of nearly equal terms)"';

export const FINANCE_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlFinArgs: {
    // The arguments coerced, the first error in order wins; past the bound, not established; else the numbers
    // with the last (type) as 0 or 1.
    fn: `function($l) {(
  $n := $map($l, function($v) { $xlNum($v) });
  $e := $n[$type($) = "object"][0];
  $exists($e) ? $e :
  $count($n[$abs($) > ${BIG}]) > 0 ? $xlNE(${BIG_NE}) :
  $append($n[[0..$count($n) - 2]], [$n[-1] != 0 ? 1 : 0])
)}`,
    doc: "a financial function's arguments as numbers, type 0 or 1 (internal)",
  },
  xlLog1p: {
    // fdlibm s_log1p.c for x > -1: 1 + x = 2^k·(1 + f) with 1 + f in [√2/2, √2), and the rounding of 1 + x
    // kept as the correction c/u; |x| < 2^-29 by x - x²/2; -0.2929 < x < 0.41422 without reduction (the
    // bounds are the high words 0x3fd2bec4 and 0x3fda827a as doubles). Math.log1p bit for bit.
    fn: `function($x) {(
  $a := $abs($x);
  $a < 1.862645149230957e-9 ? ($a < 5.551115123125783e-17 ? $x : $x - $x * $x * 0.5) : (
    $d := $x < 0.4142136573791504 and ($x > 0 or $a < 0.2928934097290039) ? {"k": 0, "f": $x, "c": 0, "hu": 1} : (
      $big := $x >= 9007199254740992;
      $u := $big ? $x : 1 + $x;
      $b := $xlBinade($u);
      $c := $big ? 0 : ($b.e > 0 ? 1 - ($u - $x) : $x - ($u - 1)) / $u;
      $h := $floor(($b.m - 1) * 1048576);
      $h < 434334 ? {"k": $b.e, "f": $b.m - 1, "c": $c, "hu": $h}
        : {"k": $b.e + 1, "f": $b.m / 2 - 1, "c": $c, "hu": $floor((1048576 - $h) / 4)}
    );
    $k := $d.k; $f := $d.f; $c := $d.c;
    $hfsq := 0.5 * $f * $f;
    $d.hu = 0 ? (
      $f = 0 ? ($k = 0 ? 0 : $k * ${LN2_HI} + ($c + $k * ${LN2_LO})) : (
        $R := $hfsq * (1 - 0.66666666666666666 * $f);
        $k = 0 ? $f - $R : $k * ${LN2_HI} - (($R - ($k * ${LN2_LO} + $c)) - $f)
      )
    ) : (
      $s := $f / (2 + $f);
      $z := $s * $s;
      $R := $z * (6.666666666666735130e-01 + $z * (3.999999999940941908e-01 + $z * (2.857142874366239149e-01 + $z * (2.222219843214978396e-01 + $z * (1.818357216161805012e-01 + $z * (1.531383769920937332e-01 + $z * 1.479819860511658591e-01))))));
      $k = 0 ? $f - ($hfsq - $s * ($hfsq + $R)) : $k * ${LN2_HI} - (($hfsq - ($s * ($hfsq + $R) + ($k * ${LN2_LO} + $c))) - $f)
    )
  )
)}`,
    doc: 'ln(1 + x) for x > -1, as fdlibm computes it (internal)',
  },
  xlExpm1: {
    // fdlibm s_expm1.c for |x| up to 709: exp's reduction by k·ln 2 with the correction c of r = hi - lo,
    // the rational approximation in Q1..Q5, then per k the form that avoids cancelling; below -56 ln 2 it is
    // -1. The 2^k scalings are exact. Math.expm1 bit for bit.
    fn: `function($x) {(
  $a := $abs($x);
  $x <= -38.81622314453125 ? -1 :
  $a < 5.551115123125783e-17 ? $x : (
    $k := $a < 0.3465735912322998 ? 0 :
      $a < 1.0397205352783203 ? ($x < 0 ? -1 : 1) : (
        $t := 1.44269504088896338700e+00 * $x + ($x < 0 ? -0.5 : 0.5);
        $t < 0 ? 0 - $floor(0 - $t) : $floor($t)
      );
    $hi := $x - $k * ${LN2_HI};
    $lo := $k * ${LN2_LO};
    $r := $k = 0 ? $x : $hi - $lo;
    $c := $k = 0 ? 0 : ($hi - $r) - $lo;
    $hfx := 0.5 * $r;
    $hxs := $r * $hfx;
    $r1 := 1 + $hxs * (-3.33333333333331316428e-02 + $hxs * (1.58730158725481460165e-03 + $hxs * (-7.93650757867487942473e-05 + $hxs * (4.00821782732936239552e-06 + $hxs * -2.01099218183624371326e-07))));
    $t := 3 - $r1 * $hfx;
    $e0 := $hxs * (($r1 - $t) / (6 - $r * $t));
    $k = 0 ? $r - ($r * $e0 - $hxs) : (
      $e := ($r * ($e0 - $c) - $c) - $hxs;
      $k = -1 ? 0.5 * ($r - $e) - 0.5 :
      $k = 1 ? ($r < -0.25 ? -2 * ($e - ($r + 0.5)) : 1 + 2 * ($r - $e)) :
      $k <= -2 or $k > 56 ? (1 - ($e - $r)) * $power(2, $k) - 1 :
      $k < 20 ? ((1 - $power(2, 0 - $k)) - ($e - $r)) * $power(2, $k) :
      (($r - ($e + $power(2, 0 - $k))) + 1) * $power(2, $k)
    )
  )
)}`,
    doc: 'e^x - 1 for |x| up to 709, as fdlibm computes it (internal)',
  },
  xlPmt: {
    // Rate -1 #NUM! (PMT.xlsx F24, G24), below -1 not established (-3 is saved #NUM!, F8; no other rate);
    // nper 0 #NUM! (F17, F29, F30). -(fv + pv·q)·rate / ((1 + rate·type)·(q - 1)).
    fn: `function($l) {( $a := $xlFinArgs($l);
  $type($a) = "object" ? $a : (
    $r := $a[0]; $n := $a[1]; $v := $a[2]; $f := $a[3]; $t := $a[4];
    $r = -1 or $n = 0 ? {"error": "#NUM!"} :
    $r < -1 ? $xlNE("PMT with a rate below -1") :
    $r = 0 ? 0 - ($v + $f) / $n : (
      $y := $n * $xlLog1p($r);
      $abs($y) > 230 ? $xlNE(${BIG_NE}) : (
        $q := $xlExpCore($y);
        $m := $xlExpm1($y);
        0 - ($f + $v * $q) * $r / ((1 + $r * $t) * $m)
      )
    )
  )
)}`,
    doc: 'PMT(rate, nper, pv, fv, type): the payment per period',
  },
  xlNper: {
    // ln((pmt·(1+rate·type) - fv·rate) / (pmt·(1+rate·type) + pv·rate)) / ln(1 + rate); a quotient of zero
    // or below #NUM! (NPER.xlsx F4, G10), a rate below -1 #NUM! (F8, G8); rate -1, a zero divisor, rate 0
    // with pmt 0, and a rate so small that 1 + rate is 1 (ln(1 + rate) is 0: no saved cell shows what Excel
    // does then) not established.
    fn: `function($l) {( $a := $xlFinArgs($l);
  $type($a) = "object" ? $a : (
    $r := $a[0]; $p := $a[1]; $v := $a[2]; $f := $a[3]; $t := $a[4];
    $r = 0 ? ($p = 0 ? $xlNE("NPER with rate 0 and pmt 0") : 0 - ($v + $f) / $p) :
    $r < -1 ? {"error": "#NUM!"} :
    $r = -1 ? $xlNE("NPER with rate -1") :
    1 + $r = 1 ? $xlNE("NPER whose 1 + rate is 1 (a rate too small to count)") : (
      $c := $p * (1 + $r * $t);
      $d := $c + $v * $r;
      $d = 0 ? $xlNE("NPER whose quotient divides by zero") : (
        $x := ($c - $f * $r) / $d;
        $x <= 0 ? {"error": "#NUM!"} : $xlLnCore($x) / $xlLnCore(1 + $r)
      )
    )
  )
)}`,
    doc: 'NPER(rate, pmt, pv, fv, type): the number of periods',
  },
  xlFinPower: {
    // [q, q - 1] for q = (1 + rate)^nper of the rounded base b = 1 + rate: the platform's pow for an integer
    // nper (q - 1 by subtraction), else exp and expm1 of nper·log1p(b - 1) (b - 1 is exact from b = 0.5 on;
    // below it ln|b|). A rate below -1 with a fractional nper is $frac (the caller's answer). The caller
    // handles rate 0 and -1.
    fn: `function($r, $n, $frac) {(
  $b := 1 + $r;
  $int := $n = $floor($n);
  $r < -1 and $not($int) ? $frac : (
    $y := $n * ($b >= 0.5 ? $xlLog1p($b - 1) : $xlLnCore($abs($b)));
    $abs($y) > 230 ? $xlNE(${BIG_NE}) : (
      $q := $int ? $power($b, $n) : $xlExpCore($y);
      [$q, $int ? $q - 1 : $xlExpm1($y)]
    )
  )
)}`,
    doc: '(1 + rate)^nper and that minus 1, of the rounded base (internal)',
  },
  xlPv: {
    // -(fv + pmt·(1+rate·type)·((q - 1)/rate)) / q; rate 0: -(fv + pmt·nper) (PV.xlsx F9, G9); nper 0 gives -fv
    // (F17, G17); a rate below -1 with an integer nper as the formula gives it (F8, G8); type 1 for any
    // non-zero number (PMT.xlsx J32 5, J33 -1, J35 1.234, PV.xlsx F11 TRUE); rate -1 and a rate below -1 with a
    // fractional nper not established: no saved PV cell shows them.
    fn: `function($l) {( $a := $xlFinArgs($l);
  $type($a) = "object" ? $a : (
    $r := $a[0]; $n := $a[1]; $p := $a[2]; $f := $a[3]; $t := $a[4];
    $r = 0 ? 0 - ($f + $p * $n) :
    $r = -1 ? $xlNE("PV with rate -1") : (
      $w := $xlFinPower($r, $n, $xlNE("PV with a rate below -1 and a fractional nper"));
      $type($w) = "object" ? $w : 0 - ($f + $p * (1 + $r * $t) * ($w[1] / $r)) / $w[0]
    )
  )
)}`,
    doc: 'PV(rate, nper, pmt, fv, type): the present value',
  },
  xlFv: {
    // -(pv·q + pmt·(1+rate·type)·((q - 1)/rate)); rate 0: -(pv + pmt·nper) (FV.xlsx F9, G9); nper 0 gives -pv
    // (F17, G17); a rate below -1 with an integer nper by the formula (F8, G8), with a fractional nper #NUM!
    // (Sheet2!B1 FV(-3,-3.5,1)); rate -1 not established (Sheet2!A1 FV(-1,-2,1) is #DIV/0!, one nper only).
    // A result under 1/CANCEL of its larger term is not established (why at CANCEL).
    fn: `function($l) {( $a := $xlFinArgs($l);
  $type($a) = "object" ? $a : (
    $r := $a[0]; $n := $a[1]; $p := $a[2]; $v := $a[3]; $t := $a[4];
    $r = -1 ? $xlNE("FV with rate -1") : (
      $w := $r = 0 ? [1, 0] : $xlFinPower($r, $n, {"error": "#NUM!"});
      $type($w) = "object" ? $w : (
        $x := $v * $w[0];
        $y := $r = 0 ? $p * $n : $p * (1 + $r * $t) * ($w[1] / $r);
        $abs($x) > ${CANCEL} * $abs($x + $y) or $abs($y) > ${CANCEL} * $abs($x + $y)
          ? $xlNE(${CANCEL_NE}) : 0 - ($x + $y)
      )
    )
  )
)}`,
    doc: 'FV(rate, nper, pmt, pv, type): the future value',
  },
};
