/** Library helpers: ROUND: half away from zero on the decimal value. */
import type { HelperSource } from './source.js';

export const ROUND_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlRound: {
    fn: `function($v, $digits) {(
  $x := $type($v) = "number" ? $v : $xlNum($v);
  $n := $type($digits) = "number" ? $digits : $xlNum($digits);
  $k := $type($n) = "number" ? $n < 0 ? $ceil($n) : $floor($n);
  $type($x) = "object" ? $x : $type($n) = "object" ? $n : $x = 0 ? 0 :
    $k >= 0 and $k <= 22 ? $xlRoundTo($x, $k, $power(10, $k)) : $xlRoundDec($x, $k)
)}`,
    doc: 'ROUND: half away from zero on the decimal value',
  },
  xlRoundTo: {
    // ROUND to $k digits, an integer 0..22 with $s = 10^$k (exact): what $xlRound computes once it has checked
    // its digits argument, and the lowering's form for literal digits (`ROUND(x, 2)` is `$xlRoundTo(x, 2, 100)`).
    // A number goes straight to $xlRoundNum; anything else is coerced and comes back as a number or an error.
    fn: `function($v, $k, $s) {
  $type($v) = "number" ? $xlRoundNum($v, $k, $s) : ( $x := $xlNum($v); $type($x) = "object" ? $x : $xlRoundNum($x, $k, $s) )
}`,
    doc: 'ROUND to 0..22 digits given with their power of ten (the form for literal digits)',
  },
  xlRoundNum: {
    // $xlRoundTo of a number: the lowering's form where the kinds prove the value a number, never an error
    // (`$xlRoundNum(a * 0.0825, 2, 100)`). Never an error itself: rounding at k >= 0 decimals ($xlRoundDec
    // from y = 1E13 on) changes only digits right of the point, which a double of 1E17 or more does not have,
    // so nothing carries past the largest double.
    // Fast path, exactly xlRoundDec (test/lower/fast-paths.test.ts checks it on random and tie inputs): with y =
    // |x|·s below 1E13, the decimal value D (15 digits) times s differs from y by at most 5.2E-15·y: when y is
    // farther than 1E-14·y from a .5 tie, floor(y + 0.5) is D·s rounded. Near a tie, d = $number($string(|x|))
    // is D to 1.2E-16, d·s is within 2.3E-16·y of D·s, and D·s is either exactly the tie or at least one unit of
    // its 15th digit (> 1E-15·y) away from it, so a 5E-16·y window tells them apart. m < 2^53 and s are exact,
    // so m / s is the correctly rounded decimal m·10^-k.
    // Why this shape: nested `?:` without parentheses, since each `(...)` is a block, a new frame on every
    // call. `$y % 1` is `$y - $floor($y)` exactly for y >= 0 (both are the exact fraction).
    fn: `function($v, $k, $s) {(
  $y := $abs($v) * $s;
  $m := $y < 1e13 ?
    $abs($y % 1 - 0.5) > $y * 1e-14 ? $floor($y + 0.5) : (
      $z := $number($string($abs($v))) * $s;
      $abs($z - $floor($z) - 0.5) <= $z * 5e-16 ? $floor($z) + 1 : $floor($z + 0.5)
    );
  $v = 0 ? 0 : $y >= 1e13 ? $xlRoundDec($v, $k) : $v < 0 ? 0 - $m / $s : $m / $s
)}`,
    doc: 'ROUND of a number to 0..22 digits given with their power of ten (the form for a proven number)',
  },
  xlRoundDec: {
    // Half away from zero on the 15-significant-digit decimal form (ROUND(1.005,2) = 1.01), not `$round`
    // (half-even on the binary value); the digits argument is truncated toward zero.
    // Why the #NUM!: rounded left of their 16th digit, the largest doubles carry past the largest double
    // (ROUND(1.7976931348623157E308, -294) is 1.79769313486232E308), which `$number` cannot read (D3030): an
    // overflowing result, #NUM! as in arithmetic. The digits compare as text: 0.d above 0.17976931348623157
    // (d at most 17 digits, no trailing zero) is above the largest double.
    fn: `function($v, $digits) {( $x := $xlNum($v); $n := $xlNum($digits);
  $xlIsErr($x) ? $x : $xlIsErr($n) ? $n : $x = 0 ? 0 : (
    $r := $xlDec($abs($x));
    $k := $r.p + $xlTrunc($n);
    $k < 0 ? 0 : (
      $q := $xlRoundDigits($r.d, $r.p, $k);
      $q.d = "" ? 0 : $q.p > 309 or ($q.p = 309 and $q.d > "17976931348623157") ? {"error": "#NUM!"} : (
        $m := $number($q.d & "e" & $string($q.p - $length($q.d)));
        $x < 0 ? 0 - $m : $m
      )
    )
  )
)}`,
    doc: 'ROUND through the decimal digits (internal; the exact reference for xlRound)',
  },
};
