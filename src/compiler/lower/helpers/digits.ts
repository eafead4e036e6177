/** Library helpers: numbers through their decimal digits: Excel's General number-to-text and the 15-significant-digit rounding of comparisons. */
import { type HelperSource, MAX } from './source.js';

export const DIGIT_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlDec: {
    // A positive finite number as decimal digits: value = 0.<d> × 10^p, d without leading/trailing zeros.
    // From `$string`, i.e. 15 significant digits for non-integers, all digits for integers.
    fn: String.raw`function($a) {(
  $g := $match($string($a), /^([0-9]+)(?:\.([0-9]+))?(?:e\+?(-?[0-9]+))?$/).groups;
  $f := $g[1] ? $g[1] : "";
  $e := $g[2] ? $number($g[2]) : 0;
  $all := $g[0] & $f;
  $nz := $replace($all, /^0+/, "");
  {"d": $replace($nz, /0+$/, ""), "p": $length($g[0]) + $e - ($length($all) - $length($nz))}
)}`,
    doc: 'decimal digits of a positive number (internal)',
  },
  xlDec15: {
    // The 15 significant digits of a positive number rounded half up from its exact binary value, as
    // toPrecision(15): {"d", "p"} as $xlDec. Why not $xlDec rounded: from 2^53 up an integer's `$string` is
    // its shortest text, itself rounded; where that is 16 digits ending in 5 (998^7 = 986083720559328493568
    // prints 9.860837205593285e20) rounding it again is a double rounding, so that tie is decided on the exact
    // digits ($xlExactInt). No other text misleads: the 15-digit candidates are more than an ulp apart, so a
    // shortest text of 15 digits or fewer is the 15-digit rounding, and one of 16 or 17 digits that is not a
    // tie lies on the same side of it as the exact value. Below 2^53 the integer digits are exact.
    fn: `function($a) {(
  $r := $xlDec($a);
  $length($r.d) = 16 and $substring($r.d, 15) = "5" and $a >= 9007199254740992
    ? ( $e := $xlExactInt($a); $xlRoundDigits($e, $length($e), 15) )
    : $xlRoundDigits($r.d, $r.p, 15)
)}`,
    doc: 'the 15 significant decimal digits of a positive number, from its exact value (internal)',
  },
  xlExactInt: {
    // All decimal digits of an integer a >= 2^53 (a double): a = m·2^k with m < 2^53 (halving is exact), then
    // m's digits in base-1E7 limbs (low first) multiplied by 2^20 at a time (a limb times 2^20 plus a carry stays
    // below 2^53, so every step is exact integer arithmetic).
    fn: `function($a) {(
  $split := function($m, $k) { $m >= 3.8685626227668134e25 ? $split($m / 4294967296, $k + 32) : $m >= 9007199254740992 ? $split($m / 2, $k + 1) : {"m": $m, "k": $k} };
  $flush := function($o, $c) { $c = 0 ? $o : $flush($append($o, $c % 10000000), ($c - $c % 10000000) / 10000000) };
  $mul := function($l, $f) {(
    $r := $reduce($l, function($acc, $v) {( $t := $v * $f + $acc.c; {"o": $append($acc.o, $t % 10000000), "c": ($t - $t % 10000000) / 10000000} )}, {"o": [], "c": 0});
    $flush($r.o, $r.c)
  )};
  $pow := function($l, $k) { $k = 0 ? $l : $k >= 20 ? $pow($mul($l, 1048576), $k - 20) : $mul($l, $power(2, $k)) };
  $s := $split($a, 0);
  $l := $pow($flush([], $s.m), $s.k);
  $n := $count($l);
  $join($map([0..$n - 1], function($i) { $i = 0 ? $string($l[$n - 1]) : $pad($string($l[$n - 1 - $i]), -7, "0") }))
)}`,
    doc: 'the exact decimal digits of an integer from 2^53 up (internal)',
  },
  xlIncDigits: {
    fn: `function($s) { $s = "" ? "1" : $substring($s, $length($s) - 1) = "9" ? $xlIncDigits($substring($s, 0, $length($s) - 1)) & "0" : $substring($s, 0, $length($s) - 1) & $string($number($substring($s, $length($s) - 1)) + 1) }`,
    doc: 'adds one to a digit string (internal)',
  },
  xlTrunc: {
    fn: `function($x) { $x < 0 ? $ceil($x) : $floor($x) }`,
    doc: 'truncation toward zero (internal)',
  },
  xlRoundDigits: {
    // Rounds 0.<d> × 10^p half up to n significant digits (n >= 0); a carry out of all nines gives "1", p+1.
    fn: String.raw`function($d, $p, $n) {
  $length($d) <= $n ? {"d": $d, "p": $p} : (
    $h := $number($substring($d, $n, 1)) >= 5 ? $xlIncDigits($substring($d, 0, $n)) : $substring($d, 0, $n);
    $length($h) > $n ? {"d": "1", "p": $p + 1} : {"d": $replace($h, /0+$/, ""), "p": $p}
  )
}`,
    doc: 'decimal rounding of a digit string (internal)',
  },
  xlNumTextDec: {
    // Excel's number-to-text (General, as `&` and CONCATENATE use it), from the examples Apache POI recorded
    // from Excel (NumberToTextConversionExamples.java): 15 significant digits (14 when |exponent| > 98);
    // plain digits up to exponent 19 (1.2345678901234567E19 → "12345678901234600000"), `E+` beyond
    // (1.2345678901234568E20 → "1.23456789012346E+20"); below 1 plain while "0.", the zeros and the digits
    // fit in 20 characters (0.000123456789012346), else `E-` (1.23456789012346E-05); at least 2 exponent
    // digits; subnormal numbers print as 0.
    fn: `function($x) {
  $x = 0 or $abs($x) < 2.2250738585072014e-308 ? "0" : (
    $r1 := $xlDec15($abs($x));
    $r := $abs($r1.p - 1) > 98 ? $xlRoundDigits($r1.d, $r1.p, 14) : $r1;
    $d := $r.d; $e := $r.p - 1; $n := $length($d);
    $sci := function($sign) { $substring($d, 0, 1) & ($n > 1 ? "." & $substring($d, 1) : "") & "E" & $sign & ($abs($e) < 10 ? "0" : "") & $string($abs($e)) };
    ($x < 0 ? "-" : "") & (
      $e >= 0
        ? ($e > 19 ? $sci("+") : $n > $e + 1 ? $substring($d, 0, $e + 1) & "." & $substring($d, $e + 1) : $d & $pad("", $e + 1 - $n, "0"))
        : (1 - $e + $n > 20 ? $sci("-") : "0." & $pad("", 0 - $e - 1, "0") & $d)
    )
  )
}`,
    doc: "a number as Excel's General text, through its decimal digits (internal; the exact reference for xlNumText)",
  },
  xlNumText: {
    // Fast path, exactly xlNumTextDec: for 1E-4 <= |x| < 1E15 Excel prints plain digits (at most 15 significant
    // digits fit in 20 characters from 0.0001 up) and `$string` prints the same 15 rounded digits in plain
    // form (JavaScript switches to exponents only below 1E-6 and from 1E21).
    fn: `function($x) { $x = 0 ? "0" : $abs($x) >= 0.0001 and $abs($x) < 1e15 ? $string($x) : $xlNumTextDec($x) }`,
    doc: "a number as Excel's General text: 15 significant digits, E+/E- beyond the plain range",
  },
  xlR15Dec: {
    fn: `function($x) {
  $x = 0 or ($abs($x) < 1e15 and $x = $floor($x)) ? $x : (
    $r := $xlDec15($abs($x));
    /* Why: doubles from 1.797693134862315E308 up round to 1.79769313486232E308, past the largest double;
       they are all equal at 15 digits and above every other, so the largest double stands for them. */
    $v := $r.p = 309 and $r.d > "179769313486231" ? ${MAX} : $number($r.d & "e" & $string($r.p - $length($r.d)));
    $x < 0 ? 0 - $v : $v
  )
}`,
    doc: 'a number rounded to 15 significant digits, through its decimal digits (internal; the exact reference for xlR15)',
  },
  xlR15: {
    // Why: Excel rounds both operands of a comparison to 15 significant digits (0.1+0.2=0.3 is TRUE).
    // Fast path, exactly xlR15Dec: for a non-integer `$string` prints Number(x.toPrecision(15)), whose shortest
    // digits are those 15 digits (two 15-digit decimals never share a double), so `$number($string(x))` is the
    // rounded value; integers below 1e15 are already exact. Large integers go through the digits.
    fn: `function($x) { $x = $floor($x) ? ($abs($x) < 1e15 ? $x : $xlR15Dec($x)) : $number($string($x)) }`,
    doc: 'a number rounded to 15 significant digits (for comparisons)',
  },
};
