/** Library helpers: Excel values and coercions: text, numbers (en-US numeric and date text), logical values, errors, blanks, and the #NUM! guard. */
import { type HelperSource, MAX } from './source.js';

export const VALUE_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlText: {
    fn: `function($v) { $type($v) = "string" ? $v : $type($v) = "number" ? $xlNumText($v) : $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v : "" }`,
    doc: 'text coercion: numbers as General, TRUE/FALSE, blank ""',
  },
  xlNum: {
    fn: `function($v) { $type($v) = "number" ? $v : $type($v) = "string" ? $xlParseNum($v) : $type($v) = "boolean" ? ($v ? 1 : 0) : $type($v) = "object" ? $v : 0 }`,
    doc: 'arithmetic coercion: blank 0, booleans 1/0, numeric text, errors pass',
  },
  xlBool: {
    // Why: a scalar argument in a logical position: text "TRUE"/"FALSE" (any case) converts, other text is #VALUE!.
    fn: `function($v) { $type($v) = "boolean" ? $v : $type($v) = "number" ? $v != 0 : $type($v) = "string" ? ($uppercase($v) = "TRUE" ? true : $uppercase($v) = "FALSE" ? false : {"error": "#VALUE!"}) : $type($v) = "object" ? $v : false }`,
    doc: 'logical coercion of a scalar: numbers non-zero, "TRUE"/"FALSE" text, blank FALSE, other text #VALUE!',
  },
  xlIsErr: {
    fn: `function($v) { $type($v) = "object" }`,
    doc: 'true when the value is an Excel error object',
  },
  xlFin: {
    // Why: JSONata arithmetic gives Infinity/NaN silently; Excel gives #NUM!.
    fn: `function($x) { $x <= ${MAX} and $x >= -${MAX} ? $x : {"error": "#NUM!"} }`,
    doc: 'a non-finite arithmetic result as #NUM!',
  },
  xlV: {
    fn: `function($v) { $exists($v) ? $v : null }`,
    doc: 'a missing value as null (keeps positions in arrays)',
  },
  xlVal: {
    fn: `function($v) { $exists($v) and $v != null ? $v : 0 }`,
    doc: 'a formula result: a blank reference reads as 0',
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
    doc: 'numeric or date text ("1.5", " 2 ", "1e3", "50%", "$1,000", "(4)", "6/1/2001") to a number, else #VALUE!',
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
    doc: 'date text (M/D/YYYY, YYYY-MM-DD) to its serial number, else #VALUE! (internal)',
  },
};
