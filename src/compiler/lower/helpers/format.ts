/**
 * Library helpers: TEXT's number formats, through the decimal digits of digits.ts (Excel rounds what it
 * shows half away from zero on the decimal value: TEXT(1.005,"0.00") is "1.01"). Each format code the
 * lowering accepts (functions/format.ts) is passed as a small object: `k` decimals, `g` thousands
 * separators, `s` the power of ten applied first (2 for `%`), `pre`/`post` literal text, `e` scientific.
 */
import type { HelperSource } from './source.js';

export const FORMAT_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlFmtGroup: {
    fn: `function($i) { $length($i) <= 3 ? $i : $xlFmtGroup($substring($i, 0, $length($i) - 3)) & "," & $substring($i, $length($i) - 3) }`,
    doc: 'integer digits with thousands separators (internal)',
  },
  xlFmtFixed: {
    // |x| × 10^s with k decimals, rounded half away from zero on its 15 significant decimal digits: {"i": int, "f": frac}.
    fn: `function($a, $s, $k) {(
  $z := {"i": "0", "f": $pad("", $k, "0")};
  $a = 0 ? $z : (
    $r0 := $xlDec15($a); $p0 := $r0.p + $s; $n := $p0 + $k;
    $n < 0 ? $z : (
      $r := $xlRoundDigits($r0.d, $p0, $n); $d := $r.d; $p := $r.p;
      $f0 := $p >= 0 ? $substring($d, $p) : $pad("", 0 - $p, "0") & $d;
      {"i": $p > 0 and $d != "" ? $substring($d & $pad("", $p, "0"), 0, $p) : "0", "f": $f0 & $pad("", $k - $length($f0), "0")}
    )
  )
)}`,
    doc: 'fixed-point decimal digits of a number (internal)',
  },
  xlFmtSci: {
    // |x| as d.dd…E±ee with k decimals and at least x exponent digits (`E+00` 2, `E+0` 1).
    fn: `function($a, $k, $x) {(
  $r := $a = 0 ? {"d": "0", "p": 1} : ($r0 := $xlDec15($a); $xlRoundDigits($r0.d, $r0.p, $k + 1));
  $m := $r.d & $pad("", $k + 1 - $length($r.d), "0"); $e := $a = 0 ? 0 : $r.p - 1;
  $substring($m, 0, 1) & ($k > 0 ? "." & $substring($m, 1) : "") & "E" & ($e < 0 ? "-" : "+") & $pad($string($abs($e)), 0 - $x, "0")
)}`,
    doc: 'scientific digits of a number (internal)',
  },
  xlFmtNum: {
    // A negative number is written with "-" only when a digit it shows is not zero: TEXT(-1/3,"0") is "0",
    // TEXT(-2.7E-18,"0.00") "0.00" (corpus ironcalc TEXT/TEXT.xlsx NUMBERS!B7, D7, B17:D20, K17:K20).
    // A code with a negative section (`np`, `nq`) writes a negative number in it, without "-".
    fn: `function($x, $c) {(
  $body := $c.e ? $xlFmtSci($abs($x), $c.k, $exists($c.x) ? $c.x : 2) : (
    $q := $xlFmtFixed($abs($x), $c.s, $c.k);
    ($c.g ? $xlFmtGroup($q.i) : $q.i) & ($c.k > 0 ? "." & $q.f : "")
  );
  $exists($c.np) and $x < 0 ? $c.np & $body & $c.nq :
  ($x < 0 and $contains($body, /[1-9]/) ? "-" : "") & $c.pre & $body & $c.post
)}`,
    doc: 'a number in one of the number format codes TEXT accepts (internal)',
  },
  xlTextFmt: {
    // TEXT(value, code) for a number code: a number (blank 0, numeric text converted) is formatted; text that
    // is not a number is returned as it is (text whose reading is not established: not established);
    // TRUE/FALSE as text; an error passes.
    fn: `function($v, $c) {(
  $n := $type($v) = "string" ? $xlParseNum($v) : $v;
  $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v :
  $xlIsNE($n) ? $n : $type($n) = "object" ? $v : $xlFmtNum($type($n) = "number" ? $n : 0, $c)
)}`,
    doc: 'TEXT with a number format code',
  },
  xlFmtDate: {
    // A serial 0 <= x < 2958466 in date/time tokens (functions/format.ts TEXT_DATE_CODES): the serial rounded
    // to the nearest second (a carry moves to the next day), the day through $xlYmd (serial 0 is 1900-01-00,
    // 60 the phantom 1900-02-29), the weekday counted from serial 1, a Sunday.
    fn: `function($x, $t) {(
  $d0 := $floor($x); $s0 := $floor(($x - $d0) * 86400 + 0.5);
  $d := $s0 >= 86400 ? $d0 + 1 : $d0; $s := $s0 >= 86400 ? 0 : $s0;
  $d >= 2958466 ? {"error": "#VALUE!"} : (
    $p := $xlYmd($d); $w := ($d + 6) % 7;
    $two := function($n) { $pad($string($n), -2, "0") };
    $months := ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    $days := ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    $h := $floor($s / 3600); $n := $floor(($s % 3600) / 60);
    $join($map($t, function($k) {
      $substring($k, 0, 1) = "'" ? $substring($k, 1) :
      $k = "yyyy" ? $string($p[0]) : $k = "yy" ? $two($p[0] % 100) :
      $k = "mmmm" ? $months[$p[1] - 1] : $k = "mmm" ? $substring($months[$p[1] - 1], 0, 3) : $k = "mm" ? $two($p[1]) :
      $k = "dddd" ? $days[$w] : $k = "ddd" ? $substring($days[$w], 0, 3) : $k = "dd" ? $two($p[2]) : $k = "d" ? $string($p[2]) :
      $k = "hh" ? $two($h) : $k = "h" ? $string($h) : $k = "nn" ? $two($n) : $two($s % 60)
    }))
  )
)}`,
    doc: 'a serial in date/time format tokens (internal)',
  },
  xlTextDate: {
    // TEXT(value, code) for a date/time code: a number (blank 0, numeric or date text converted) is a serial,
    // below 0 or from 2958466 #VALUE!; text that is not a number is returned as it is; TRUE/FALSE as text;
    // an error passes.
    fn: `function($v, $t) {(
  $n := $type($v) = "string" ? $xlParseNum($v) : $v;
  $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v :
  $xlIsNE($n) ? $n : $type($n) = "object" ? $v : (
    $x := $type($n) = "number" ? $n : 0;
    $x < 0 or $x >= 2958466 ? {"error": "#VALUE!"} : $xlFmtDate($x, $t)
  )
)}`,
    doc: 'TEXT with a date/time format code',
  },
};
