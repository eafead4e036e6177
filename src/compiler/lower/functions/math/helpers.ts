/**
 * Library helpers: ROUNDUP/ROUNDDOWN/TRUNC/INT, EVEN/ODD, CEILING/FLOOR, MOD, SIGN, SQRT, PRODUCT, SUMSQ.
 * The rounding ones work on the 15-significant-digit decimal form, as ROUND does (../../helpers/round.ts), through
 * the digit helpers of ../../helpers/digits.ts.
 */
import type { HelperSource } from '../../helpers/source.js';

export const MATH_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlRoundDir: {
    // Toward zero ($up false) or away from zero ($up true) at trunc(digits) decimals, on the 15-digit decimal
    // digits of |x| (ROUNDUP(0.1+0.2, 2) is 0.3: 0.30000000000000004 is 0.3 to 15 digits). A digit string
    // shorter than the kept count is the 15-digit value itself, as in $xlRoundDec.
    fn: `function($v, $digits, $up) {( $x := $xlNum($v); $n := $xlNum($digits);
  $xlIsErr($x) ? $x : $xlIsErr($n) ? $n : $x = 0 ? 0 : (
    $r := $xlDec($abs($x));
    $t := $xlTrunc($n);
    $k := $r.p + $t;
    $m := $k <= 0 ? ($up ? $xlDigitsNum("1", 0 - $t) : 0) :
      $length($r.d) <= $k ? $number($r.d & "e" & $string($r.p - $length($r.d))) :
      $xlDigitsNum($up ? $xlIncDigits($substring($r.d, 0, $k)) : $substring($r.d, 0, $k), $r.p - $k);
    $xlIsErr($m) ? $m : $xlFin($x < 0 ? 0 - $m : $m)
  )
)}`,
    doc: 'ROUNDUP / ROUNDDOWN on the 15-digit decimal value',
  },
  xlDigitsNum: {
    // Why: JSONata's $number throws on a text past the largest double (ROUNDUP(1,-309) would be 1E+309), so
    // a value of 309 integer digits or more is compared with 2^1024 - 2^970 (the first that overflows) first.
    fn: `function($d, $e) {( $n := $length($d) + $e;
  $n > 309 or ($n = 309 and $pad($d, 20, "0") >= "17976931348623158079") ? {"error": "#NUM!"} :
    $number($d & "e" & $string($e))
)}`,
    doc: 'the number digits × 10^e, #NUM! past the largest double (internal)',
  },
  xlInt: {
    fn: `function($v) {( $x := $type($v) = "number" ? $v : $xlNum($v);
  $xlIsErr($x) ? $x : $x = $floor($x) ? $x : $xlRoundDir($x, 0, $x < 0)
)}`,
    doc: 'INT: down to an integer, on the 15-digit decimal value',
  },
  xlEvenOdd: {
    // EVEN ($odd false) / ODD ($odd true): |x| up to an integer (15-digit decimal value), then up to the next
    // even / odd one, the sign put back; EVEN(0) is 0, ODD(0) is 1.
    fn: `function($v, $odd) {( $x := $xlNum($v);
  $xlIsErr($x) ? $x : (
    $c := $xlRoundDir($abs($x), 0, true);
    $xlIsErr($c) ? $c : (
      $e := ($c % 2 = 1) = $odd ? $c : $c + 1;
      $x < 0 ? 0 - $e : $e
    )
  )
)}`,
    doc: 'EVEN / ODD: away from zero to an even / odd integer',
  },
  xlCeilFloor: {
    // CEILING ($up true) / FLOOR ($up false), the legacy functions: a positive number with a negative
    // significance is #NUM!; the quotient number/significance is taken to 15 digits (CEILING(1.1,0.1) is 1.1:
    // 11.000000000000002 is 11), rounded up (down), times the significance. CEILING(x,0) is 0; FLOOR(0,0) is 0,
    // FLOOR(x,0) #DIV/0!. A quotient past 9.99999999999999E+307, the largest number Excel takes ("Excel
    // specifications and limits"), is not established (its 15-digit form may pass the largest double).
    fn: `function($v, $sig, $up) {( $x := $xlNum($v); $s := $xlNum($sig);
  $xlIsErr($x) ? $x : $xlIsErr($s) ? $s :
  $x > 0 and $s < 0 ? {"error": "#NUM!"} :
  $s = 0 ? ($up or $x = 0 ? 0 : {"error": "#DIV/0!"}) :
  $x = 0 ? 0 : (
    $q := $xlFin($x / $s);
    $xlIsErr($q) ? $q :
    $abs($q) > 9.99999999999999e307 ? $xlNE("CEILING/FLOOR of a quotient past 9.99999999999999E+307, the largest number Excel takes") : (
      $r := $xlR15($q);
      $m := $up ? $ceil($r) : $floor($r);
      $xlFin($m * $s)
    )
  )
)}`,
    doc: 'CEILING / FLOOR (legacy): multiples of the significance, through the 15-digit quotient',
  },
  xlMod: {
    // MOD(n, d): the exact remainder of n/d (JavaScript's `%`, IEEE fmod: no rounded quotient), moved into
    // the divisor's sign by adding d once. Excel's saved doubles follow it where n - d*INT(n/d) on the binary
    // quotient does not: MOD_QUOTIENT.xlsx C20 MOD(10.0000000001,0.1) = 9.999945316252479E-11, C21 with -0.1
    // -0.09999999990000055, C25 MOD(5,1E-10) = 9.999981783901343E-11 (the quotient 5E10 is not snapped to
    // an integer), C26 with -1E-10 -1.821609865774887E-16 (scripts/float-order.ts: 39 of 39 MOD cells).
    // #DIV/0! for d = 0. A quotient larger than any saved one (|n/d| > 5E10, C25) is not established:
    // Excel's #NUM! bound is unknown (MOD(1E10,3) is 1, C22), so the not-established value.
    fn: `function($a, $b) {( $n := $xlNum($a); $d := $xlNum($b);
  $xlIsErr($n) ? $n : $xlIsErr($d) ? $d : $d = 0 ? {"error": "#DIV/0!"} :
  $abs($n / $d) > 50000000000 ? $xlNE("MOD with a quotient past 5E10, the largest saved one") : (
    $r := $n % $d;
    $r != 0 and ($r < 0) != ($d < 0) ? $r + $d : $r
  )
)}`,
    doc: 'MOD: the remainder with the sign of the divisor',
  },
  xlSign: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $x > 0 ? 1 : $x < 0 ? -1 : 0 )}`,
    doc: 'SIGN',
  },
  xlSqrt: {
    fn: `function($v) {( $x := $xlNum($v); $xlIsErr($x) ? $x : $x < 0 ? {"error": "#NUM!"} : $sqrt($x) )}`,
    doc: 'SQRT (#NUM! below zero)',
  },
  xlProduct: {
    // Why: each step is checked, since JSONata throws on arithmetic with an infinite operand.
    fn: `function($l) {( $e := $l[$type($) = "object"][0];
  $exists($e) ? $e : $count($l) = 0 ? 0 :
    $reduce($append([], $l), function($a, $b) { $type($a) = "object" ? $a : $xlFin($a * $b) }, 1)
)}`,
    doc: 'PRODUCT over a list of numbers (0 when nothing is numeric, first error wins)',
  },
  xlSumSq: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0];
  $exists($e) ? $e : $reduce($append([], $l), function($a, $b) {(
    $type($a) = "object" ? $a : ( $s := $xlFin($b * $b); $type($s) = "object" ? $s : $xlFin($a + $s) )
  )}, 0)
)}`,
    doc: 'SUMSQ over a list of numbers (first error wins)',
  },
  xlAtpNum: {
    // A number argument of QUOTIENT / MROUND / CEILING.MATH / FLOOR.MATH: a boolean that reaches it was typed
    // or computed (the lowering converts one read from a cell first: $xlAtpRef, $xlNum), which no saved cell
    // shows: not established. Anything else as arithmetic reads it.
    fn: `function($v) { $type($v) = "boolean" ? $xlNE("a boolean typed or computed as a number of QUOTIENT, MROUND, CEILING.MATH or FLOOR.MATH") : $xlNum($v) }`,
    doc: 'a number argument of QUOTIENT / MROUND / CEILING.MATH / FLOOR.MATH (internal)',
  },
  xlAtpRef: {
    // A boolean read from a cell into QUOTIENT / MROUND / VALUE is #VALUE! (MOD_QUOTIENT.xlsx D39,
    // MROUND_TRUNC_INT.xlsx MROUND!C51, T_VALUE_VALUETOTEXT.xlsx C6: the cells holding TRUE).
    fn: `function($v) { $type($v) = "boolean" ? {"error": "#VALUE!"} : $v }`,
    doc: 'a cell read into QUOTIENT / MROUND / VALUE: a boolean #VALUE! (internal)',
  },
  xlQuotient: {
    fn: `function($a, $b) {( $n := $xlAtpNum($a); $d := $xlIsErr($n) ? $n : $xlAtpNum($b);
  $xlIsErr($n) ? $n : $xlIsErr($d) ? $d : $d = 0 ? {"error": "#DIV/0!"} : (
    $q := $xlFin($n / $d);
    $xlIsErr($q) ? $q : $q < 0 ? $ceil($q) : $floor($q)
  )
)}`,
    doc: 'QUOTIENT: the quotient truncated toward zero',
  },
  xlMround: {
    // MROUND: opposite signs #NUM!, multiple 0 gives 0; the quotient to 15 digits (as $xlCeilFloor), rounded
    // half away from zero, times the multiple. A quotient of 2^53 or more has no fraction: the number itself
    // (MROUND_TRUNC_INT.xlsx MROUND!C48 MROUND(1E100,1E50) = 1E100, where 1E50 * 1E50 is 1.0000000000000002E100;
    // C47, C57 agree).
    fn: `function($a, $b) {( $x := $xlAtpNum($a); $m := $xlIsErr($x) ? $x : $xlAtpNum($b);
  $xlIsErr($x) ? $x : $xlIsErr($m) ? $m :
  ($x > 0 and $m < 0) or ($x < 0 and $m > 0) ? {"error": "#NUM!"} :
  $m = 0 or $x = 0 ? 0 : (
    $q := $xlFin($x / $m);
    $xlIsErr($q) ? $q : $q >= 9007199254740992 ? $x : ( $r := $xlR15($q); $xlFin($floor($r + 0.5) * $m) )
  )
)}`,
    doc: 'MROUND: to the nearest multiple, halves away from zero',
  },
  xlCeilFloorMath: {
    // CEILING.MATH ($up true) / FLOOR.MATH: multiples of |significance| through the 15-digit quotient (as
    // $xlCeilFloor; a negative significance is read by its size, FLOOR_CEILING.xlsx CEILING!G97
    // `CEILING.MATH(10,-1)` = 10); a negative number goes toward zero when mode is 0 and away from it
    // otherwise. The lowering hands over a number or significance read from a cell already converted, and a
    // typed TRUE / FALSE mode as 1 / 0, and a typed text mode read as a number ($xlModeText). A boolean that
    // reaches $xlAtpNum here (typed or computed) and a mode that is not a number (a blank, a boolean or a text
    // read from a cell or computed) are not established.
    fn: `function($v, $sig, $mode, $up) {( $x := $xlAtpNum($v); $s0 := $xlIsErr($x) ? $x : $xlAtpNum($sig);
  $md := $xlIsErr($s0) ? $s0 : $type($mode) = "number" or $xlIsErr($mode) ? $mode :
    $xlNE("a CEILING.MATH or FLOOR.MATH mode that is a blank, a boolean or text not typed in the formula");
  $xlIsErr($x) ? $x : $xlIsErr($s0) ? $s0 : $xlIsErr($md) ? $md : (
    $s := $abs($s0);
    $s = 0 or $x = 0 ? 0 : (
      $q := $xlFin($x / $s);
      $xlIsErr($q) ? $q : (
        $r := $xlR15($q); $away := $x < 0 and $md != 0;
        $xlFin(($up != $away ? $ceil($r) : $floor($r)) * $s)
      )
    )
  )
)}`,
    doc: 'CEILING.MATH / FLOOR.MATH',
  },
  xlModeText: {
    // A CEILING.MATH / FLOOR.MATH mode typed as text: text that is no number is #VALUE! (FLOOR_CEILING.xlsx
    // CEILING!X144 `"one"`); numeric text as a mode is not established.
    fn: `function($t) {( $m := $xlNum($t); $type($m) = "number" ? $xlNE("a CEILING.MATH or FLOOR.MATH mode typed as numeric text") : $m )}`,
    doc: 'a CEILING.MATH / FLOOR.MATH mode typed as text (internal)',
  },
};
