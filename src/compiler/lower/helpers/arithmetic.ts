/** Library helpers: the arithmetic operators and ABS: coercion, errors left to right, overflow as #NUM!. */
import { type HelperSource, SQRT_MAX } from './source.js';

export const ARITHMETIC_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlAdd: {
    // Two numbers, the common case, skip the coercions. An error is the only object an Excel value can be, so
    // `$type(x) = "object"` is $xlIsErr written inline: every lambda call builds a frame, once per row.
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a + $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x + $y)
  )
}`,
    doc: 'Excel `+`',
  },
  xlSub: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a - $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x - $y)
  )
}`,
    doc: 'Excel `-`',
  },
  xlMul: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a * $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x * $y)
  )
}`,
    doc: 'Excel `*`',
  },
  xlMulBy: {
    // Excel `*` by a number literal of magnitude at most 1 (the lowering's form for `F2*0.9`): a finite number
    // times it is finite, so a number needs no #NUM! check; anything else goes through $xlMul.
    fn: `function($a, $l) { $type($a) = "number" ? $a * $l : $xlMul($a, $l) }`,
    doc: 'Excel `*` by a literal of magnitude at most 1',
  },
  xlDiv: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" and $b != 0 ? $xlFin($a / $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $y = 0 ? {"error": "#DIV/0!"} : $xlFin($x / $y)
  )
}`,
    doc: 'Excel `/` (#DIV/0! on a zero divisor)',
  },
  xlPowOver: {
    // Whether $a^$y (a >= 0) overflows, without ever calling $power on an overflowing pair (it throws D3061).
    // Halving the exponent keeps each trial finite; |y| > 2048 with a in (0.5, 2) first folds 512 into the base.
    fn: `function($a, $y) {
  $a = 0 or $a = 1 or $y = 0 or (($a > 1) != ($y > 0)) ? false :
  $a >= 2 and $y >= 1025 ? true :
  $a <= 0.5 and $y <= -1075 ? true :
  $abs($y) > 2048 ? $xlPowOver($power($a, 512), $y / 512) :
  $a > 1 and $y <= 1 ? false :
  $abs($y) <= 1 ? $power($a, $y / 2) > ${SQRT_MAX} :
  $xlPowOver($a, $y / 2) ? true : $power($a, $y / 2) > ${SQRT_MAX}
}`,
    doc: 'whether a power overflows (internal)',
  },
  xlPowInt: {
    // x^n (n >= 0 an integer) by squaring from the low bit: the result takes x^(2^k) when bit k of n is set,
    // the square taken only while bits remain.
    fn: `function($b, $n, $r) {(
  $t := $n % 2 = 1 ? $r * $b : $r;
  $h := $floor($n / 2);
  $h = 0 ? $t : $xlPowInt($b * $b, $h, $t)
)}`,
    doc: 'an integer power by repeated squaring, from the low bit (internal)',
  },
  xlPowHigh: {
    // x^n (n >= 0 an integer) by squaring from the high bit: (x^(n div 2))^2, times x when n is odd.
    fn: `function($b, $n) {( $n = 0 ? 1 : ( $h := $xlPowHigh($b, $floor($n / 2)); $n % 2 = 1 ? $h * $h * $b : $h * $h ) )}`,
    doc: 'an integer power by repeated squaring, from the high bit (internal)',
  },
  xlPowSq: {
    // An integer power where the squaring orders agree: from the low bit and from the high bit (and, for a
    // negative n, 1/x^|n| and (1/x)^|n|), else undefined. ATAN2_POWER.xlsx C8 POWER(-2.4,5) is saved
    // -79.62624, the squared product; $power gives -79.62623999999998 (scripts/float-order.ts: squaring 95 of
    // 95 corpus cells with an integer exponent, $power 94). No saved cell tells the orders apart (exponents
    // from 6 on have base 1 or 2 there), so where they differ $xlPow keeps $power (not established).
    // Why the overflow check first: x^|n| is squared out before 1/x^|n|, and JSONata throws (D1001) on a
    // product that overflows (256.5^-255).
    fn: `function($x, $y) {(
  $n := $abs($y);
  $y < 0 and $xlPowOver($abs($x), $n) ? undefined : (
    $lo := $xlPowInt($x, $n, 1);
    $hi := $xlPowHigh($x, $n);
    $lo != $hi ? undefined : $y >= 0 ? $lo : (
      $r := 1 / $lo;
      $r = $xlPowHigh(1 / $x, $n) ? $r : undefined
    )
  )
)}`,
    doc: 'an integer power where the squaring orders agree, else undefined (internal)',
  },
  xlPow: {
    // An integer exponent by repeated squaring where the orders agree ($xlPowSq), else $power.
    fn: `function($a, $b) {( $x := $xlNum($a); $y := $xlNum($b);
  $xlIsErr($x) ? $x : $xlIsErr($y) ? $y :
  $x = 0 and $y = 0 ? {"error": "#NUM!"} :
  $x = 0 and $y < 0 ? {"error": "#DIV/0!"} :
  $x < 0 and $y != $floor($y) ? {"error": "#NUM!"} :
  $xlPowOver($abs($x), $y) ? {"error": "#NUM!"} :
  $y != $floor($y) or $abs($y) > 9007199254740992 ? $power($x, $y) : (
    $s := $xlPowSq($x, $y);
    $exists($s) ? $s : $power($x, $y)
  )
)}`,
    doc: 'Excel `^`: 0^0 #NUM!, 0^-n #DIV/0!, negative base with a fractional exponent #NUM!, overflow #NUM!',
  },
  xlNeg: {
    fn: `function($a) {( $x := $xlNum($a); $xlIsErr($x) ? $x : 0 - $x )}`,
    doc: 'unary minus',
  },
  xlPercent: {
    fn: `function($a) {( $x := $xlNum($a); $xlIsErr($x) ? $x : $x / 100 )}`,
    doc: 'postfix %',
  },
  xlAbs: {
    fn: `function($v) {( $x := $type($v) = "number" ? $v : $xlNum($v); $xlIsErr($x) ? $x : $abs($x) )}`,
    doc: 'ABS',
  },
};
