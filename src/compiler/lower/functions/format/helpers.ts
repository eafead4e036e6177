/**
 * Library helpers: TEXT's number formats, through the decimal digits of digits.ts (Excel rounds what it
 * shows half away from zero on the decimal value: TEXT(1.005,"0.00") is "1.01"). Each format code the
 * lowering accepts (entry.ts) is passed as a small object: `k` decimals, `g` thousands
 * separators, `s` the power of ten applied first (2 for `%`), `pre`/`post` literal text, `e` scientific,
 * `z` the least count of integer digits (`000`).
 */
import type { HelperSource } from '../../helpers/source.js';

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
    ($c.g ? $xlFmtGroup($q.i) : $exists($c.z) ? $pad($q.i, 0 - $c.z, "0") : $q.i) & ($c.k > 0 ? "." & $q.f : "")
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
  $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v : $xlIsNE($n) ? $n :
  $type($n) = "object" ? $v : $xlFmtNum($type($n) = "number" ? $n : 0, $c)
)}`,
    doc: 'TEXT with a number format code',
  },
  xlFmtTime: {
    // The time of |x| in units of 10^-f seconds, rounded half up (Excel rounds a time to the precision it
    // shows: poi DateFormatNumberTests.xlsx Tests!A4:A7), the whole value for an elapsed code, the part past
    // the day otherwise: {"d": day, "u": units}; not established within a millionth of a unit of a half (the
    // direction depends on how Excel splits the double), when the rounding carries into the next day, or,
    // with no seconds shown, into the next minute from more than a millisecond below it (whether Excel rounds
    // to the second then is not shown; a whole minute held a few ulps below, 45000.7, is that minute).
    fn: `function($a, $c) {(
  $q := $power(10, $c.f); $d := $exists($c.e) ? 0 : $floor($a);
  $x := ($a - $d) * 86400 * $q; $w := $floor($x); $r := $x - $w;
  $u := $r < 0.5 ? $w : $w + 1;
  $abs($r - 0.5) < 1e-6 ? $xlNE("TEXT of a time within a millionth of a shown unit of a half (the rounding direction)") :
  $not($exists($c.e)) and $u >= 86400 * $q ? $xlNE("TEXT of a time that rounds into the next day") :
  $not($c.sc) and $u != $w and $u % 60 = 0 and $u - $x > 0.001 ? $xlNE("TEXT of a time that rounds into the next minute with no seconds shown") :
  {"d": $d, "u": $u}
)}`,
    doc: 'the rounded time of a serial for a date/time code (internal)',
  },
  xlFmtDate: {
    // |x| in date/time tokens (date-code.ts): the day through $xlYmd (serial 0 is
    // 1900-01-00, 60 the phantom 1900-02-29), the weekday counted from serial 1, a Sunday; en-US names;
    // an elapsed field the whole time in its unit, a smaller field the remainder; a 12-hour clock for AM/PM,
    // whose 12 o'clock (hours 0 and 12) is not established; an elapsed negative after "-".
    fn: `function($x, $c) {(
  $tm := $xlFmtTime($abs($x), $c);
  $xlIsNE($tm) ? $tm : (
    $q := $power(10, $c.f); $t := $floor($tm.u / $q); $fr := $tm.u - $t * $q;
    $H := $floor($t / 3600); $N := $floor($t / 60); $h := $exists($c.e) ? $H : $H % 24;
    $h12 := $h % 12;
    $c.p and $h12 = 0 ? $xlNE("TEXT of 12 o'clock on a 12-hour clock (AM/PM)") :
    $x < 0 and $tm.u = 0 ? $xlNE("TEXT of a negative time shown as zero in an elapsed code") : (
      $p := $c.dt ? $xlYmd($tm.d) : [0, 1, 1]; $w := ($tm.d + 6) % 7;
      $two := function($n) { $pad($string($n), -2, "0") };
      $months := ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
      $days := ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
      $hv := $c.p ? $h12 : $h;
      $nv := $c.e = "n" ? $N : $N % 60; $sv := $c.e = "s" ? $t : $t % 60;
      ($x < 0 ? "-" : "") & $join($map($c.t, function($k) {
        $substring($k, 0, 1) = "'" ? $substring($k, 1) :
        $k = "yyyy" ? $string($p[0]) : $k = "yy" ? $two($p[0] % 100) :
        $k = "mmmmm" ? $substring($months[$p[1] - 1], 0, 1) : $k = "mmmm" ? $months[$p[1] - 1] :
        $k = "mmm" ? $substring($months[$p[1] - 1], 0, 3) : $k = "mm" ? $two($p[1]) : $k = "m" ? $string($p[1]) :
        $k = "dddd" ? $days[$w] : $k = "ddd" ? $substring($days[$w], 0, 3) : $k = "dd" ? $two($p[2]) : $k = "d" ? $string($p[2]) :
        $k in ["h", "[h]"] ? $string($hv) : $k in ["hh", "[hh]"] ? $two($hv) :
        $k in ["n", "[n]"] ? $string($nv) : $k in ["nn", "[nn]"] ? $two($nv) :
        $k in ["s", "[s]"] ? $string($sv) : $k in ["ss", "[ss]"] ? $two($sv) :
        $k = "f" ? "." & $pad($string($fr), 0 - $c.f, "0") :
        $k = "AP" ? ($h < 12 ? "AM" : "PM") : $k = "A" ? ($h < 12 ? "A" : "P") : ($h < 12 ? "a" : "p")
      }))
    )
  )
)}`,
    doc: 'a serial in date/time format tokens (internal)',
  },
  xlTextDate: {
    // TEXT(value, code) for a date/time code: a number (blank 0, numeric or date text converted) is a serial;
    // with a date field, below 0 or from the first serial past 9999-12-31 (`l`) #VALUE! (ironcalc
    // TEXT/TEXT.xlsx DATES!B25:F26: 2958466 and -1); a time-only code there, or an elapsed one from that
    // size on, is not established; text that is not a number is returned as it is; TRUE/FALSE as text;
    // an error passes.
    fn: `function($v, $c) {(
  $n := $type($v) = "string" ? $xlParseNum($v) : $v;
  $type($v) = "boolean" ? ($v ? "TRUE" : "FALSE") : $type($v) = "object" ? $v : $xlIsNE($n) ? $n :
  $type($n) = "object" ? $v : (
    $x := $type($n) = "number" ? $n : 0;
    $out := $exists($c.e) ? $abs($x) >= $c.l : $x < 0 or $x >= $c.l;
    $out ? ($c.dt ? {"error": "#VALUE!"} : $xlNE("TEXT of a time-only or elapsed code for a value past the date range")) :
    $xlFmtDate($x, $c)
  )
)}`,
    doc: 'TEXT with a date/time format code',
  },
};
