/**
 * The JSONata helper library: Excel's semantics written in plain JSONata, so a spec runs on any engine that
 * follows the ModelSpec binding convention (no host functions).
 *
 * Each helper is one `function(...)` definition plus the helpers it calls. `buildLibrary` emits only the
 * helpers an expression uses, with their transitive dependencies, in dependency order, as
 * `( $xlA := function(...) {...}; ...; ["xlA", ...] )`.
 *
 * Value representation (src/workbook/values.ts): number, string, boolean as themselves; blank is `null` or a
 * missing value (`undefined` inside JSONata); an error is `{"error": "#DIV/0!"}`, the only object an Excel
 * value can be, so `$type(v) = "object"` tests for an error. Helpers never throw on any Excel value: arithmetic
 * that overflows gives #NUM!, JSONata's `$power` is only called once it is known to be finite.
 *
 * JSONata pitfalls handled here: `$string` rounds non-integers to 15 significant digits but prints integers in
 * full; `$length`/`$substring` count code points (Excel counts UTF-16 units, `$split($s, "")` gives units);
 * `=` on strings is case-sensitive; `$round` is half-even; an array constructor flattens arrays held in
 * variables; `undefined` entries vanish from arrays.
 */
import type { LibraryObject } from '../../modelspec/types.js';
import type { CellValue } from '../../workbook/values.js';

export interface HelperDef {
  /** JSONata `function(...) {...}` text. */
  fn: string;
  /** Other helpers this one calls (names without `$`). */
  deps: string[];
  /** One line for the catalogue and docs. */
  doc: string;
}

const MAX = '1.7976931348623157e308';
const SQRT_MAX = '1.3407807929942596e154';

/** The helpers by export name. */
export const HELPERS: Readonly<Record<string, HelperDef>> = {
  xlIsErr: {
    fn: `function($v) { $type($v) = "object" }`,
    deps: [],
    doc: 'true when the value is an Excel error object',
  },
  xlV: {
    fn: `function($v) { $exists($v) ? $v : null }`,
    deps: [],
    doc: 'a missing value as null (keeps positions in arrays)',
  },
  xlFin: {
    // Why: JSONata arithmetic gives Infinity/NaN silently; Excel gives #NUM!.
    fn: `function($x) { $x <= ${MAX} and $x >= -${MAX} ? $x : {"error": "#NUM!"} }`,
    deps: [],
    doc: 'a non-finite arithmetic result as #NUM!',
  },
  xlParseDate: {
    // en-US date text as Excel reads it in arithmetic: M/D/YYYY or YYYY-MM-DD (years 1900-9999, a real
    // calendar day) → the serial number (days since 1899-12-31, one more from 1 March 1900 on: Excel counts
    // the phantom 29 February 1900). Day count by the civil-calendar formula (days since 0000-03-01), so no
    // host date library is needed. Anything else is #VALUE! (also text the oracle calls undetermined).
    fn: String.raw`function($t) {(
  $u := $match($t, /^([0-9]{1,2})\/([0-9]{1,2})\/([0-9]{4})$/).groups;
  $v := $match($t, /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/).groups;
  $ymd := $exists($u) ? [$u[2], $u[0], $u[1]] : $exists($v) ? $v : [];
  $count($ymd) != 3 ? {"error": "#VALUE!"} : (
    $y := $number($ymd[0]); $mo := $number($ymd[1]); $d := $number($ymd[2]);
    $leap := $y % 4 = 0 and ($y % 100 != 0 or $y % 400 = 0);
    $dim := $mo = 2 ? ($leap ? 29 : 28) : $mo in [4, 6, 9, 11] ? 30 : 31;
    $y < 1900 or $mo < 1 or $mo > 12 or $d < 1 or $d > $dim ? {"error": "#VALUE!"} : (
      $a := $mo <= 2 ? $y - 1 : $y;
      $n := $a * 365 + $floor($a / 4) - $floor($a / 100) + $floor($a / 400)
        + $floor((153 * ($mo > 2 ? $mo - 3 : $mo + 9) + 2) / 5) + $d - 1 - 693900;
      $n >= 60 ? $n + 1 : $n
    )
  )
)}`,
    deps: [],
    doc: 'date text (M/D/YYYY, YYYY-MM-DD) to its serial number, else #VALUE! (internal)',
  },
  xlParseNum: {
    // Text Excel converts in arithmetic (en-US; Microsoft, "Calculation operators and precedence in Excel":
    // `="1"+"$4.00"` is 5, `="6/1/2001"-"5/1/2001"` is 31): spaces around; one sign, before or after a `$`;
    // or a negative in parentheses `(1)`; digits, with thousands separators only in groups of three; a
    // decimal point; an exponent; a trailing `%` (the decimal point moved two places). Only 15 significant
    // digits are kept, the rest read as zeros: Excel reads a typed number that way (KB 269370, "changes
    // digits after the fifteenth place to zeros") and converts text "in a format that would be accepted for
    // a number" with the same reader. The kept digits are rebuilt as `0.<digits>e<exp>`, which `$number`
    // reads correctly rounded; from 1E308 on it is #VALUE! (Excel's "Specifications and limits": the largest
    // number that can be typed is 9.99999999999999E+307, so longer text stays text). Else a date
    // (`$xlParseDate`), else #VALUE!, which also covers forms whose Excel value is not established (times,
    // fractions, month names, `1,00`): a safe answer, since verification refuses a column where the oracle
    // cannot tell Excel's value.
    fn: String.raw`function($s) {(
  $t := $replace($s, /^ +| +$/, "");
  $p := $match($t, /^\((.*)\)$/);
  $m := $match($exists($p) ? $p.groups[0] : $t,
    /^([+-]?)\$?([+-]?)([0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)?(?:\.([0-9]*))?(?:[eE]([+-]?)([0-9]+))?(%?)$/);
  $g := $m.groups;
  $sg := ($g[0] ? $g[0] : "") & ($g[1] ? $g[1] : "");
  $i := $g[2] ? $replace($g[2], ",", "") : "";
  $f := $g[3] ? $g[3] : "";
  $exists($m) and ($i != "" or $f != "") and $length($sg) <= ($exists($p) ? 0 : 1) ? (
    $all := $i & $f;
    $sig := $replace($all, /^0+/, "");
    $sig = "" ? 0 : (
      $ed := $g[5] ? $replace($g[5], /^0+/, "") : "";
      $e := ($ed = "" ? 0 : $length($ed) > 6 ? 10000000 : $number($ed)) * ($g[4] = "-" ? -1 : 1);
      $d := $substring($sig, 0, 15);
      $pw := $length($i) - ($length($all) - $length($sig)) + $e;
      $pw > 308 ? {"error": "#VALUE!"} : (
        $q := $g[6] = "%" ? $pw - 2 : $pw;
        $y := $q < -400 ? 0 : $number("0." & $d & "e" & $string($q));
        $sg = "-" or $exists($p) ? 0 - $y : $y
      )
    )
  ) : $xlParseDate($t)
)}`,
    deps: ['xlParseDate'],
    doc: 'numeric or date text ("1.5", " 2 ", "1e3", "50%", "$1,000", "(4)", "6/1/2001") to a number, else #VALUE!',
  },
  xlNum: {
    fn: `function($v) { $type($v) = "number" ? $v : $type($v) = "string" ? $xlParseNum($v) : $type($v) = "boolean" ? ($v ? 1 : 0) : $type($v) = "object" ? $v : 0 }`,
    deps: ['xlParseNum'],
    doc: 'arithmetic coercion: blank 0, booleans 1/0, numeric text, errors pass',
  },
  xlVal: {
    fn: `function($v) { $exists($v) and $v != null ? $v : 0 }`,
    deps: [],
    doc: 'a formula result: a blank reference reads as 0',
  },
  xlAdd: {
    // Two numbers, the common case, skip the coercions. An error is the only object an Excel value can be, so
    // `$type(x) = "object"` is $xlIsErr written inline: every lambda call builds a frame, once per row.
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a + $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x + $y)
  )
}`,
    deps: ['xlNum', 'xlFin'],
    doc: 'Excel `+`',
  },
  xlSub: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a - $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x - $y)
  )
}`,
    deps: ['xlNum', 'xlFin'],
    doc: 'Excel `-`',
  },
  xlMul: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" ? $xlFin($a * $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $xlFin($x * $y)
  )
}`,
    deps: ['xlNum', 'xlFin'],
    doc: 'Excel `*`',
  },
  xlMulBy: {
    // Excel `*` by a number literal of magnitude at most 1 (the lowering's form for `F2*0.9`): a finite number
    // times it is finite, so a number needs no #NUM! check; anything else goes through $xlMul.
    fn: `function($a, $l) { $type($a) = "number" ? $a * $l : $xlMul($a, $l) }`,
    deps: ['xlMul'],
    doc: 'Excel `*` by a literal of magnitude at most 1',
  },
  xlDiv: {
    fn: `function($a, $b) {
  $type($a) = "number" and $type($b) = "number" and $b != 0 ? $xlFin($a / $b) : (
    $x := $xlNum($a); $y := $xlNum($b);
    $type($x) = "object" ? $x : $type($y) = "object" ? $y : $y = 0 ? {"error": "#DIV/0!"} : $xlFin($x / $y)
  )
}`,
    deps: ['xlNum', 'xlFin'],
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
    deps: [],
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
    deps: ['xlNum', 'xlIsErr', 'xlPowOver'],
    doc: 'Excel `^`: 0^0 #NUM!, 0^-n #DIV/0!, negative base with a fractional exponent #NUM!, overflow #NUM!',
  },
  xlNeg: {
    fn: `function($a) {( $x := $xlNum($a); $xlIsErr($x) ? $x : 0 - $x )}`,
    deps: ['xlNum', 'xlIsErr'],
    doc: 'unary minus',
  },
  xlPlus: {
    // Why: unary plus is a no-op in Excel (`=+"a"` is "a"), but a blank reference still reads as itself.
    fn: `function($a) { $a }`,
    deps: [],
    doc: 'unary plus (identity)',
  },
  xlPercent: {
    fn: `function($a) {( $x := $xlNum($a); $xlIsErr($x) ? $x : $x / 100 )}`,
    deps: ['xlNum', 'xlIsErr'],
    doc: 'postfix %',
  },
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
    deps: [],
    doc: 'decimal digits of a positive number (internal)',
  },
  xlIncDigits: {
    fn: `function($s) { $s = "" ? "1" : $substring($s, $length($s) - 1) = "9" ? $xlIncDigits($substring($s, 0, $length($s) - 1)) & "0" : $substring($s, 0, $length($s) - 1) & $string($number($substring($s, $length($s) - 1)) + 1) }`,
    deps: [],
    doc: 'adds one to a digit string (internal)',
  },
  xlRoundDigits: {
    // Rounds 0.<d> × 10^p half up to n significant digits (n >= 0); a carry out of all nines gives "1", p+1.
    fn: String.raw`function($d, $p, $n) {
  $length($d) <= $n ? {"d": $d, "p": $p} : (
    $h := $number($substring($d, $n, 1)) >= 5 ? $xlIncDigits($substring($d, 0, $n)) : $substring($d, 0, $n);
    $length($h) > $n ? {"d": "1", "p": $p + 1} : {"d": $replace($h, /0+$/, ""), "p": $p}
  )
}`,
    deps: ['xlIncDigits'],
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
    $r0 := $xlDec($abs($x));
    $r1 := $xlRoundDigits($r0.d, $r0.p, 15);
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
    deps: ['xlDec', 'xlRoundDigits'],
    doc: "a number as Excel's General text, through its decimal digits (internal; the exact reference for xlNumText)",
  },
  xlNumText: {
    // Fast path, exactly xlNumTextDec: for 1E-4 <= |x| < 1E15 Excel prints plain digits (at most 15 significant
    // digits fit in 20 characters from 0.0001 up) and `$string` prints the same 15 rounded digits in plain
    // form (JavaScript switches to exponents only below 1E-6 and from 1E21).
    fn: `function($x) { $x = 0 ? "0" : $abs($x) >= 0.0001 and $abs($x) < 1e15 ? $string($x) : $xlNumTextDec($x) }`,
    deps: ['xlNumTextDec'],
    doc: "a number as Excel's General text: 15 significant digits, E+/E- beyond the plain range",
  },
  xlR15Dec: {
    fn: `function($x) {
  $x = 0 or ($abs($x) < 1e15 and $x = $floor($x)) ? $x : (
    $r0 := $xlDec($abs($x));
    $r := $xlRoundDigits($r0.d, $r0.p, 15);
    /* Why: doubles from 1.797693134862315E308 up round to 1.79769313486232E308, past the largest double;
       they are all equal at 15 digits and above every other, so the largest double stands for them. */
    $v := $r.p = 309 and $r.d > "179769313486231" ? ${MAX} : $number($r.d & "e" & $string($r.p - $length($r.d)));
    $x < 0 ? 0 - $v : $v
  )
}`,
    deps: ['xlDec', 'xlRoundDigits'],
    doc: 'a number rounded to 15 significant digits, through its decimal digits (internal; the exact reference for xlR15)',
  },
  xlR15: {
    // Why: Excel rounds both operands of a comparison to 15 significant digits (0.1+0.2=0.3 is TRUE).
    // Fast path, exactly xlR15Dec: for a non-integer `$string` prints Number(x.toPrecision(15)), whose shortest
    // digits are those 15 digits (two 15-digit decimals never share a double), so `$number($string(x))` is the
    // rounded value; integers below 1e15 are already exact. Large integers go through the digits.
    fn: `function($x) { $x = $floor($x) ? ($abs($x) < 1e15 ? $x : $xlR15Dec($x)) : $number($string($x)) }`,
    deps: ['xlR15Dec'],
    doc: 'a number rounded to 15 significant digits (for comparisons)',
  },
  xlText: {
    fn: `function($v) { $type($v) = "string" ? $v : $type($v) = "number" ? $xlNumText($v) : $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v : "" }`,
    deps: ['xlNumText'],
    doc: 'text coercion: numbers as General, TRUE/FALSE, blank ""',
  },
  xlConcat: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $join($map($l, function($v) { $xlText($v) }), "") )}`,
    deps: ['xlText'],
    doc: '`&` and CONCATENATE over a list of values (first error wins)',
  },
  xlCompare: {
    // Blank takes the other side's type (0, "", FALSE); types order numbers < text < booleans; text compares
    // case-insensitively (lower-cased, then UTF-16 code units); numbers at 15 significant digits.
    fn: `function($a, $b, $op) {
  $type($a) = "number" and $type($b) = "number" ? (
    $p := $xlR15($a); $q := $xlR15($b);
    $op = "=" ? $p = $q : $op = "<>" ? $p != $q : $op = "<" ? $p < $q : $op = "<=" ? $p <= $q : $op = ">" ? $p > $q : $p >= $q
  ) :
  $xlIsErr($a) ? $a : $xlIsErr($b) ? $b : (
    $ta := $type($a) = "null" or $not($exists($a)) ? "blank" : $type($a);
    $tb := $type($b) = "null" or $not($exists($b)) ? "blank" : $type($b);
    $zero := function($t) { $t = "string" ? "" : $t = "boolean" ? false : 0 };
    $x := $ta = "blank" ? $zero($tb) : $a;
    $y := $tb = "blank" ? $zero($ta) : $b;
    $rank := function($v) { $type($v) = "number" ? 0 : $type($v) = "string" ? 1 : 2 };
    $c := $rank($x) != $rank($y) ? ($rank($x) < $rank($y) ? -1 : 1) :
      $type($x) = "number" ? ( $p := $xlR15($x); $q := $xlR15($y); $p = $q ? 0 : $p < $q ? -1 : 1 ) :
      $type($x) = "string" ? ($lowercase($x) = $lowercase($y) ? 0 : $lowercase($x) < $lowercase($y) ? -1 : 1) :
      ($x = $y ? 0 : $x ? 1 : -1);
    $op = "=" ? $c = 0 : $op = "<>" ? $c != 0 : $op = "<" ? $c < 0 : $op = "<=" ? $c <= 0 : $op = ">" ? $c > 0 : $c >= 0
  )
}`,
    deps: ['xlIsErr', 'xlR15'],
    doc: 'comparison operators with Excel typing, case-insensitive text and 15-digit numbers',
  },
  xlBool: {
    // Why: a scalar argument in a logical position: text "TRUE"/"FALSE" (any case) converts, other text is #VALUE!.
    fn: `function($v) { $type($v) = "boolean" ? $v : $type($v) = "number" ? $v != 0 : $type($v) = "string" ? ($uppercase($v) = "TRUE" ? true : $uppercase($v) = "FALSE" ? false : {"error": "#VALUE!"}) : $type($v) = "object" ? $v : false }`,
    deps: [],
    doc: 'logical coercion of a scalar: numbers non-zero, "TRUE"/"FALSE" text, blank FALSE, other text #VALUE!',
  },
  xlIf: {
    fn: `function($c, $t, $f) {( $b := $xlBool($c); $xlIsErr($b) ? $b : $b ? $t : $f )}`,
    deps: ['xlBool', 'xlIsErr'],
    doc: 'IF with Excel condition coercion',
  },
  xlNot: {
    fn: `function($v) {( $b := $xlBool($v); $xlIsErr($b) ? $b : $not($b) )}`,
    deps: ['xlBool', 'xlIsErr'],
    doc: 'NOT',
  },
  xlRefBools: {
    fn: `function($l) { $map($l[$type($) = "boolean" or $type($) = "number" or $type($) = "object"], function($v) { $type($v) = "number" ? $v != 0 : $v }) }`,
    deps: [],
    doc: 'the logical values of a reference: booleans, numbers as non-zero, errors; text and blanks dropped',
  },
  xlAnd: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#VALUE!"} : $not(false in $l) )}`,
    deps: [],
    doc: 'AND over a list of logical values (#VALUE! when empty)',
  },
  xlOr: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#VALUE!"} : true in $l )}`,
    deps: [],
    doc: 'OR over a list of logical values (#VALUE! when empty)',
  },
  xlRefNums: {
    fn: `function($l) { $l[$type($) = "number" or $type($) = "object"] }`,
    deps: [],
    doc: 'the numbers and errors of a reference (text, booleans, blanks ignored)',
  },
  xlAddAll: {
    // Why: JSONata throws on arithmetic with an infinite operand, so overflow is caught at each step.
    fn: `function($l) { $reduce($append([], $l), function($a, $b) { $type($a) = "object" ? $a : $xlFin($a + $b) }, 0) }`,
    deps: ['xlFin'],
    doc: 'left-to-right sum of numbers, #NUM! on overflow (internal)',
  },
  xlSum: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $xlAddAll($l) )}`,
    deps: ['xlAddAll'],
    doc: 'SUM over a list of numbers, left to right (first error wins)',
  },
  xlAverage: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#DIV/0!"} : ( $s := $xlAddAll($l); $type($s) = "object" ? $s : $s / $count($l) ) )}`,
    deps: ['xlAddAll'],
    doc: 'AVERAGE (#DIV/0! when nothing is numeric)',
  },
  xlMin: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? 0 : $min($l) )}`,
    deps: [],
    doc: 'MIN (0 when nothing is numeric)',
  },
  xlMax: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? 0 : $max($l) )}`,
    deps: [],
    doc: 'MAX (0 when nothing is numeric)',
  },
  xlCountArg: {
    // Why: a direct COUNT argument counts when it is a number, a boolean or numeric text; errors don't count.
    fn: `function($v) {( $x := $type($v) = "object" ? $v : $xlNum($v); $type($v) != "null" and $exists($v) and $type($x) = "number" ? 1 : 0 )}`,
    deps: ['xlNum'],
    doc: 'COUNT of one direct argument (0 or 1)',
  },
  xlAbs: {
    fn: `function($v) {( $x := $type($v) = "number" ? $v : $xlNum($v); $xlIsErr($x) ? $x : $abs($x) )}`,
    deps: ['xlNum', 'xlIsErr'],
    doc: 'ABS',
  },
  xlTrunc: {
    fn: `function($x) { $x < 0 ? $ceil($x) : $floor($x) }`,
    deps: [],
    doc: 'truncation toward zero (internal)',
  },
  xlRoundDec: {
    // Half away from zero on the 15-significant-digit decimal form (ROUND(1.005,2) = 1.01), not `$round`
    // (half-even on the binary value); the digits argument is truncated toward zero.
    fn: `function($v, $digits) {( $x := $xlNum($v); $n := $xlNum($digits);
  $xlIsErr($x) ? $x : $xlIsErr($n) ? $n : $x = 0 ? 0 : (
    $r := $xlDec($abs($x));
    $k := $r.p + $xlTrunc($n);
    $k < 0 ? 0 : (
      $q := $xlRoundDigits($r.d, $r.p, $k);
      $q.d = "" ? 0 : (
        $m := $number($q.d & "e" & $string($q.p - $length($q.d)));
        $x < 0 ? 0 - $m : $m
      )
    )
  )
)}`,
    deps: ['xlNum', 'xlIsErr', 'xlDec', 'xlTrunc', 'xlRoundDigits'],
    doc: 'ROUND through the decimal digits (internal; the exact reference for xlRound)',
  },
  xlRound: {
    fn: `function($v, $digits) {(
  $x := $type($v) = "number" ? $v : $xlNum($v);
  $n := $type($digits) = "number" ? $digits : $xlNum($digits);
  $k := $type($n) = "number" ? $n < 0 ? $ceil($n) : $floor($n);
  $type($x) = "object" ? $x : $type($n) = "object" ? $n : $x = 0 ? 0 :
    $k >= 0 and $k <= 22 ? $xlRoundTo($x, $k, $power(10, $k)) : $xlRoundDec($x, $k)
)}`,
    deps: ['xlNum', 'xlRoundTo', 'xlRoundDec'],
    doc: 'ROUND: half away from zero on the decimal value',
  },
  xlRoundTo: {
    // ROUND to $k digits, an integer 0..22 with $s = 10^$k (exact): what $xlRound computes once it has checked
    // its digits argument, and the lowering's form for literal digits (`ROUND(x, 2)` is `$xlRoundTo(x, 2, 100)`).
    // Fast path, exactly xlRoundDec (test/lower/fast-paths.test.ts checks it on random and tie inputs): with y =
    // |x|·s below 1E13, the decimal value D (15 digits) times s differs from y by at most 5.2E-15·y: when y is
    // farther than 1E-14·y from a .5 tie, floor(y + 0.5) is D·s rounded. Near a tie, d = $number($string(|x|))
    // is D to 1.2E-16, d·s is within 2.3E-16·y of D·s, and D·s is either exactly the tie or at least one unit of
    // its 15th digit (> 1E-15·y) away from it, so a 5E-16·y window tells them apart. m < 2^53 and s are exact,
    // so m / s is the correctly rounded decimal m·10^-k.
    // Why this shape: a number (the common case) goes straight to the arithmetic; anything else is coerced and
    // comes back as a number or is an error. Nested `?:` without parentheses, since each `(...)` is a block, a
    // new frame on every call. `$y % 1` is `$y - $floor($y)` exactly for y >= 0 (both are the exact fraction).
    fn: `function($v, $k, $s) {
  $type($v) = "number" ? (
    $y := $abs($v) * $s;
    $m := $y < 1e13 ?
      $abs($y % 1 - 0.5) > $y * 1e-14 ? $floor($y + 0.5) : (
        $z := $number($string($abs($v))) * $s;
        $abs($z - $floor($z) - 0.5) <= $z * 5e-16 ? $floor($z) + 1 : $floor($z + 0.5)
      );
    $v = 0 ? 0 : $y >= 1e13 ? $xlRoundDec($v, $k) : $v < 0 ? 0 - $m / $s : $m / $s
  ) : ( $x := $xlNum($v); $type($x) = "object" ? $x : $xlRoundTo($x, $k, $s) )
}`,
    deps: ['xlNum', 'xlRoundDec'],
    doc: 'ROUND to 0..22 digits given with their power of ten (the form for literal digits)',
  },
  xlLen: {
    fn: `function($v) {
  $type($v) = "string" ? $count($split($v, "")) : ( $s := $xlText($v); $type($s) = "object" ? $s : $count($split($s, "")) )
}`,
    deps: ['xlText'],
    doc: 'LEN in UTF-16 code units',
  },
  xlUnits: {
    // UTF-16 units [start, start+len) of a string; `$substring` would count code points.
    fn: `function($s, $start, $len) {( $r := $join($filter($split($s, ""), function($c, $i) { $i >= $start and $i < $start + $len }), ""); $exists($r) ? $r : "" )}`,
    deps: [],
    doc: 'substring in UTF-16 units (internal)',
  },
  xlLeft: {
    fn: `function($v, $c) {( $s := $xlText($v); $n := $xlNum($c); $xlIsErr($s) ? $s : $xlIsErr($n) ? $n : $n < 0 ? {"error": "#VALUE!"} : $xlUnits($s, 0, $xlTrunc($n)) )}`,
    deps: ['xlText', 'xlNum', 'xlIsErr', 'xlUnits', 'xlTrunc'],
    doc: 'LEFT (count truncated, negative #VALUE!)',
  },
  xlRight: {
    fn: `function($v, $c) {( $s := $xlText($v); $n := $xlNum($c); $xlIsErr($s) ? $s : $xlIsErr($n) ? $n : $n < 0 ? {"error": "#VALUE!"} : (
  $u := $count($split($s, "")); $k := $xlTrunc($n); $xlUnits($s, $k >= $u ? 0 : $u - $k, $k) ) )}`,
    deps: ['xlText', 'xlNum', 'xlIsErr', 'xlUnits', 'xlTrunc'],
    doc: 'RIGHT (count truncated, negative #VALUE!)',
  },
  xlMid: {
    fn: `function($v, $st, $c) {( $s := $xlText($v); $a := $xlNum($st); $n := $xlNum($c);
  $xlIsErr($s) ? $s : $xlIsErr($a) ? $a : $xlIsErr($n) ? $n : $xlTrunc($a) < 1 or $n < 0 ? {"error": "#VALUE!"} : $xlUnits($s, $xlTrunc($a) - 1, $xlTrunc($n)) )}`,
    deps: ['xlText', 'xlNum', 'xlIsErr', 'xlUnits', 'xlTrunc'],
    doc: 'MID (start < 1 or count < 0 #VALUE!)',
  },
  xlCase: {
    // Why: Excel maps case character by character and leaves a character whose mapping would change its
    // length (`UPPER("straße")` is "STRAßE", JavaScript's "STRASSE"). The whole text is mapped at once when
    // that keeps its length (no mapping shrinks, so then none grew); else character by character (code
    // points: a surrogate pair stays one character). Capital sigma always lowers to σ: Excel maps one
    // character at a time, JavaScript applies the word-final ς rule (`LOWER("ΣΑΣ")` is "σασ" in Excel).
    fn: String.raw`function($s, $up) {(
  $all := $up ? $uppercase($s) : $lowercase($replace($s, "Σ", "σ"));
  $count($split($all, "")) = $count($split($s, "")) ? $all : (
    $f := function($c) { $up ? $uppercase($c) : $lowercase($replace($c, "Σ", "σ")) };
    $join($map($match($s, /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/).match, function($c) {(
      $m := $f($c); $count($split($m, "")) = $count($split($c, "")) ? $m : $c
    )}), "")
  )
)}`,
    deps: [],
    doc: 'UPPER/LOWER per character, keeping characters whose mapping changes length (internal)',
  },
  xlUpper: {
    // Fast path, exactly $xlCase: text of ASCII characters only (U+0000..U+007F) maps a-z to A-Z and nothing
    // else, one unit for one, so the whole-text mapping keeps the length and is $xlCase's answer. Text needs
    // no $xlText. Nested `?:` without parentheses: each `(...)` is a block, a new frame on every call.
    fn: String.raw`function($v) {
  $type($v) = "string" ? $contains($v, /^[\u0000-\u007F]*$/) ? $uppercase($v) : $xlCase($v, true) :
    ( $s := $xlText($v); $type($s) = "object" ? $s : $xlCase($s, true) )
}`,
    deps: ['xlText', 'xlCase'],
    doc: 'UPPER',
  },
  xlLower: {
    // Fast path, exactly $xlCase: ASCII text has no capital sigma and lowers A-Z to a-z, one unit for one.
    fn: String.raw`function($v) {
  $type($v) = "string" ? $contains($v, /^[\u0000-\u007F]*$/) ? $lowercase($v) : $xlCase($v, false) :
    ( $s := $xlText($v); $type($s) = "object" ? $s : $xlCase($s, false) )
}`,
    deps: ['xlText', 'xlCase'],
    doc: 'LOWER',
  },
  xlTrim: {
    // Only U+0020: runs collapse to one space, then one leading and one trailing space go. `$trim` also
    // eats tabs and newlines, which Excel keeps.
    fn: String.raw`function($v) {( $s := $xlText($v); $xlIsErr($s) ? $s : $replace($replace($s, / +/, " "), /^ | $/, "") )}`,
    deps: ['xlText', 'xlIsErr'],
    doc: 'TRIM (spaces only)',
  },
  xlWild: {
    // Excel wildcard match (`*`, `?`, `~` escape) on lower-cased UTF-16 units; JSONata cannot build a regex
    // from text, so this is a small backtracking matcher.
    fn: `function($p, $s) {(
  $pc := $split($lowercase($p), ""); $sc := $split($lowercase($s), "");
  $np := $count($pc); $ns := $count($sc);
  $m := function($i, $j) {
    $i = $np ? $j = $ns :
    $pc[$i] = "~" and $i + 1 < $np ? ($j < $ns and $sc[$j] = $pc[$i + 1] and $m($i + 2, $j + 1)) :
    $pc[$i] = "*" ? ($m($i + 1, $j) or ($j < $ns and $m($i, $j + 1))) :
    $j < $ns and ($pc[$i] = "?" or $pc[$i] = $sc[$j]) and $m($i + 1, $j + 1)
  };
  $m(0, 0)
)}`,
    deps: [],
    doc: 'wildcard text match for exact-match lookups (internal)',
  },
  xlLookupEq: {
    // Exact-match lookup equality: same type only (1 and "1" differ), text case-insensitive with wildcards.
    fn: String.raw`function($cell, $key) {
  $type($key) = "string" ? ($type($cell) = "string" and ($contains($key, /[*?~]/) ? $xlWild($key, $cell) : $lowercase($cell) = $lowercase($key))) :
  $type($key) = $type($cell) and $cell = $key
}`,
    deps: ['xlWild'],
    doc: 'exact-match lookup equality (internal)',
  },
  xlVlookup: {
    // $t is the lookup table built by lookupTable() (library.ts): {"rows", "w", "s", "n"}. A text key without
    // wildcards and an integer key are one `$lookup` in the index of first matches; any other key (a
    // wildcard, a fraction, a boolean) scans the rows in order.
    fn: `function($key, $t, $col) {(
  $c := $type($col) = "number" ? $col : $xlNum($col);
  $k := $type($c) = "number" ? $c < 0 ? $ceil($c) : $floor($c);
  $type($key) = "object" ? $key : $type($c) = "object" ? $c : $not($exists($key)) or $key = null ? {"error": "#N/A"} :
  $k < 1 ? {"error": "#VALUE!"} : $k > $t.w ? {"error": "#REF!"} : (
    $r := $type($key) = "string" and $not($contains($key, /[*?~]/)) ? $lookup($t.s, "k" & $lowercase($key)) :
      $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key)) : (
        $rows := $lookup($t, "rows");
        $hits := $map($rows, function($row, $i) { $xlLookupEq($row[0], $key) ? $i });
        $exists($hits) ? $rows[$hits[0]]
      );
    $exists($r) ? $r[$k - 1] : {"error": "#N/A"}
  )
)}`,
    deps: ['xlNum', 'xlLookupEq'],
    doc: 'VLOOKUP exact match over a constant table (rows of values), first match wins, #N/A when absent',
  },
  xlVlookupAt: {
    // The lowering's form for a literal column index $col within the table, over a table whose first column
    // holds no text with a wildcard character (* ? ~). A text or integer key found in the index is then exactly
    // $xlVlookup's answer: its lower-cased text equals a first-column text's, which has no wildcard, and
    // lower-casing neither adds nor removes * ? ~, so $xlVlookup takes the same index path. Every other key
    // (errors, blanks, booleans, fractions, wildcards, keys not found) goes to $xlVlookup.
    fn: `function($key, $t, $col) {(
  $r := $type($key) = "string" ? $lookup($t.s, "k" & $lowercase($key)) :
    $type($key) = "number" and $key = $floor($key) ? $lookup($t.n, "k" & $string($key));
  $exists($r) ? $r[$col - 1] : $xlVlookup($key, $t, $col)
)}`,
    deps: ['xlVlookup'],
    doc: 'VLOOKUP with a literal column index in range over a table without wildcard text (the common form)',
  },
  xlSumProduct: {
    // $arrays: [{"a": [...]}, ...] (objects keep arrays from being flattened together). Same sizes or
    // #VALUE!; the first error in array order wins; non-numbers count as 0, except that a 1×1 argument is a
    // scalar to Excel, where text is #VALUE! (corpus: SUMPRODUCT(G1330:G1330,I1330:I1330) with "4" in G1330).
    // Row products are built array by array with $zip (never `$a[$i]`, which JSONata evaluates by scanning the
    // whole array); an overflowed product stays ±Infinity (never multiplied again) and the plain left-to-right
    // `$sum` then ends non-finite, which is #NUM!, as a step-by-step check would give.
    // Why `$string`: one native pass over an array tells what per-element checks would: an error (an object)
    // always prints a "{", and an array printed with only number characters holds only numbers, so a column
    // of numbers skips both the error scan and the mapping of non-numbers to 0.
    fn: String.raw`function($arrays) {(
  $m := $count($arrays);
  $col := function($k) {( $o := $arrays[$k]; $type($o.a) = "array" ? $o.a : $exists($o.a) ? [$o.a] : [] )};
  $ks := [0..$m - 1];
  $n := $count($col(0));
  $errs := $map($ks, function($k) {( $c := $col($k); $contains($string($c), "{") ? $c[$type($) = "object"][0] )});
  $exists($errs) ? $errs[0] :
  $count($filter($ks, function($k) { $count($col($k)) != $n })) > 0 ? {"error": "#VALUE!"} :
  $n = 0 ? 0 :
  $n = 1 and $count($filter($ks, function($k) { $type($col($k)[0]) = "string" })) > 0 ? {"error": "#VALUE!"} : (
    $nums := function($c) { $contains($string($c), /^\[[-+.0-9eE,]*\]$/) ? $c : [$c.($type($) = "number" ? $ : 0)] };
    $first := $nums($col(0));
    $p := $m = 1 ? $first : $reduce([1..$m - 1], function($acc, $k) {
      [$zip($acc, $nums($col($k))).($[0] <= ${MAX} and $[0] >= -${MAX} ? $[0] * $[1] : $[0])]
    }, $first);
    $xlFin($sum($p))
  )
)}`,
    deps: ['xlFin'],
    doc: 'SUMPRODUCT of equally sized arrays (non-numbers as 0)',
  },
};

/** A VLOOKUP table as a library value: its rows plus indexes of first matches (see `$xlVlookup`). */
export interface LookupTable {
  rows: CellValue[][];
  /** Width (columns of the first row). */
  w: number;
  /** "k" + lower-cased text of a first-column text cell → its row (first match). */
  s: Record<string, CellValue[]>;
  /** "k" + String(n) of a first-column integer cell → its row (first match). */
  n: Record<string, CellValue[]>;
}

/**
 * Builds the lookup table value for `$xlVlookup`. Keys carry a "k" prefix so no key is ever a property
 * every object inherits (`constructor`, `__proto__`). Text keys are lower-cased with JavaScript's
 * `toLowerCase`, which is JSONata's `$lowercase`; integer keys use `String(n)`, which is JSONata's
 * `$string` for an integer and tells every integer apart. Fractions and booleans are not indexed (JSONata's
 * `$string` of a fraction keeps only 15 digits): such keys scan the rows.
 */
export function lookupTable(rows: CellValue[][]): LookupTable {
  const s: Record<string, CellValue[]> = {};
  const n: Record<string, CellValue[]> = {};
  for (const row of rows) {
    const v = row[0];
    if (typeof v === 'string') {
      const k = `k${v.toLowerCase()}`;
      if (!(k in s)) s[k] = row;
    } else if (typeof v === 'number' && Number.isInteger(v)) {
      const k = `k${String(v)}`;
      if (!(k in n)) n[k] = row;
    }
  }
  return { rows, w: rows.length === 0 ? 0 : (rows[0]?.length ?? 0), s, n };
}

/** Helper names with their transitive dependencies, each after the helpers it calls. */
export function resolveHelpers(names: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const def = HELPERS[name];
    if (!def) throw new Error(`unknown library helper: ${name}`);
    seen.add(name);
    for (const d of def.deps) visit(d);
    out.push(name);
  };
  for (const n of [...names].sort()) visit(n);
  return out;
}

/**
 * Builds the spec library holding only the given helpers (plus dependencies) and the given values (lookup
 * tables, exported by name). Returns undefined when there is nothing to define.
 */
export function buildLibrary(
  helperNames: string[],
  values: Record<string, unknown> = {},
): LibraryObject | undefined {
  const helpers = resolveHelpers(helperNames);
  const valueNames = Object.keys(values).sort();
  if (helpers.length === 0 && valueNames.length === 0) return undefined;
  const lines: string[] = [];
  for (const h of helpers) lines.push(`  $${h} := ${HELPERS[h]?.fn};`);
  for (const v of valueNames) lines.push(`  $${v} := ${JSON.stringify(values[v])};`);
  const exported = [...helpers, ...valueNames];
  const define = `(\n${lines.join('\n')}\n  ${JSON.stringify(exported)}\n)`;
  const parts: string[] = [];
  if (helpers.length > 0) parts.push(`Excel semantics helpers: ${helpers.join(', ')}`);
  if (valueNames.length > 0) parts.push(`lookup tables: ${valueNames.join(', ')}`);
  return { description: `${parts.join('; ')}.`, define };
}
