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
  xlPow: {
    fn: `function($a, $b) {( $x := $xlNum($a); $y := $xlNum($b);
  $xlIsErr($x) ? $x : $xlIsErr($y) ? $y :
  $x = 0 and $y = 0 ? {"error": "#NUM!"} :
  $x = 0 and $y < 0 ? {"error": "#DIV/0!"} :
  $x < 0 and $y != $floor($y) ? {"error": "#NUM!"} :
  $xlPowOver($abs($x), $y) ? {"error": "#NUM!"} : $power($x, $y)
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
