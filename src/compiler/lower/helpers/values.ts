/** Library helpers: Excel values and coercions: text, numbers (en-US numeric and date text), logical values, errors, blanks, and the #NUM! guard. */
import { type HelperSource, MAX } from './source.js';

/** Why a text's value is not established: it may be a number or a date in Excel, in a form nobody checked. */
export const NOT_READ = 'text whose reading as a number, date or time Excel has not established';

/** Words a date or time text may hold (month names and abbreviations, AM/PM): other letters make it plain text. */
const DATE_WORDS =
  'january|february|march|april|may|june|july|august|september|october|november|december|sept|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec|am|pm';

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
    // number that can be typed is 9.99999999999999E+307, so longer text stays text). A euro sign before or
    // after unsigned digits, with or without one space (Microsoft, "About the euro currency symbol": Excel
    // recognizes the euro even when it is not the regional currency; corpus ironcalc T_VALUE_VALUETOTEXT.xlsx
    // I3 `VALUE("23€")` 23, EXP_SIGN.xlsx C31 `SIGN("€100")` 1). Else date or time text (`$xlParseDate`, on
    // the text as written), else $xlNotRead: #VALUE! for text that holds no number or date, and the
    // not-established value for forms whose Excel value nobody checked (fractions, `1,00`, a sign with the
    // euro, `"10/32"`).
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
  ) : (
    $eu := $match($t, /^€ ?([0-9.,]+)$|^([0-9.,]+) ?€$/).groups;
    $exists($eu) ? $xlParseNum($eu[0] ? $eu[0] : $eu[1]) : $xlParseDate($s)
  )
)}`,
    doc: 'numeric, currency or date text ("1.5", " 2 ", "1e3", "50%", "$1,000", "23€", "(4)", "6/1/2001") to a number, else #VALUE! or not established',
  },
  xlNotRead: {
    // Text (trimmed) that neither the number nor the date reader reads: #VALUE! when it holds no digit (ABS.xlsx
    // B11 "Hello", T_VALUE_VALUETOTEXT.xlsx C5 "qwerty", VALUE("ABC") ValueFunctionOfBlank.xlsx E1), a letter
    // that no number (an exponent's e), date or time (a month's name, AM/PM) holds (EXP_SIGN.xlsx C48 "F100",
    // FORMULATEXT.xlsx A12 "=E1 NOT CIRCULAR!"-6) or two signs before its digits (EXP_SIGN.xlsx C23 and
    // FLOOR_CEILING.xlsx FLOOR!U3 "--8"); any other form ("10/32", "1-1-2008", "1,00") is not established.
    fn: `function($t) { $contains($t, /[0-9]/) and $not($contains($t, /^[+-]{2}[0-9]/)) and $not($contains($replace($t, /${DATE_WORDS}/i, ""), /[a-df-z]/i)) ? $xlNE(${JSON.stringify(NOT_READ)}) : {"error": "#VALUE!"} }`,
    doc: 'text read as no number or date: #VALUE! or not established (internal)',
  },
  xlParseDate: {
    // Date or time text as arithmetic reads it ($xlDateTime): its serial with the time as a fraction.
    fn: `function($s) {( $r := $xlDateTime($s); $type($r) = "array" ? $r[0] : $r )}`,
    doc: 'date or time text to its serial number, else #VALUE! or not established (internal)',
  },
  xlDateTime: {
    // en-US date and time text as Excel reads it, the text as written: a date M/D/Y (Microsoft's DATEVALUE
    // page "8/22/2011"), YYYY-M-D or YYYY/M/D ("2011/02/23"; corpus ironcalc INT("2024-01-10") 45301),
    // D-Mon-Y ("22-MAY-2011"; DATE_TIME.xlsx C8 "29-Feb-1900" 60), "Mon D, Y" and "Mon YY" past the month's
    // days (KB 214327: "Dec 31, 98", "Dec 32" is 1932-12-01); month names or their three-letter
    // abbreviations in any case; a year of four digits 1900-9999 (xlcalculator YEAR.xlsx "7/5/1800" #VALUE!)
    // or two (KB 214391: 00-29 the 2000s, 30-99 the 1900s); a real day of Excel's calendar (1900-02-29 is
    // serial 60). A time H:MM or H:MM:SS, 0-23 hours, or 1-12 with " AM"/" PM" (Microsoft's TIMEVALUE page
    // "6:45 PM", "18:45"); a date, a space and a time (DATE_TIME.xlsx C10 "2024-02-29 06:00"). The result is
    // [serial + seconds / 86400, whether a date was read]. Spaces on both sides of a date are #VALUE!
    // (EXP_SIGN.xlsx C34 `SIGN(" 2024-01-10 ")` #VALUE!). Other text is $xlNotRead's: #VALUE! where it holds
    // no number or date at all, else not established (a date without a year, "Dec 2", is the current year:
    // volatile; "10/32", "1-1-2008", "2/30/2024", "24:00", other cases of AM/PM, a space on one side).
    fn: String.raw`function($s) {(
  $mon := function($n) {(
    $l := $lowercase($n);
    $names := ["january","february","march","april","may","june","july","august","september","october","november","december"];
    $x := $filter([0..11], function($j) { $names[$j] = $l or $substring($names[$j], 0, 3) = $l });
    $exists($x) ? $x + 1 : 0
  )};
  $yr := function($y) {(
    $n := $number($y);
    $length($y) = 2 ? ($n < 30 ? 2000 + $n : 1900 + $n) :
    ($length($y) = 4 or $length($y) = 5) ? ($n >= 1900 and $n <= 9999 ? $n : -3) : -4
  )};
  $tm := function($x) {(
    $g := $match($x, /^([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?( AM| PM)?$/).groups;
    $h := $number($g[0]); $mi := $number($g[1]); $sc := $g[2] ? $number($g[2]) : 0;
    $exists($g) and $mi <= 59 and $sc <= 59 and ($g[3] ? $h >= 1 and $h <= 12 : $h <= 23)
      ? (($g[3] ? $h % 12 + ($g[3] = " PM" ? 12 : 0) : $h) * 3600 + $mi * 60 + $sc) : -1
  )};
  $dt := function($x) {(
    $u := $match($x, /^([0-9]{1,2})\/([0-9]{1,2})\/([0-9]+)$/).groups;
    $v := $match($x, /^([0-9]{4})([-\/])([0-9]{1,2})([-\/])([0-9]{1,2})$/).groups;
    $w := $match($x, /^([0-9]{1,2})-([A-Za-z]+)-([0-9]+)$/).groups;
    $z := $match($x, /^([A-Za-z]+) ([0-9]{1,2}), ([0-9]+)$/).groups;
    $k := $match($x, /^([A-Za-z]+) ([0-9]{2})$/).groups;
    $km := $exists($k) ? $mon($k[0]) : 0;
    $ymd := $exists($u) ? [$yr($u[2]), $number($u[0]), $number($u[1])] :
      $exists($v) and $v[1] = $v[3] ? [$yr($v[0]), $number($v[2]), $number($v[4])] :
      $exists($w) and $mon($w[1]) > 0 ? [$yr($w[2]), $mon($w[1]), $number($w[0])] :
      $exists($z) and $mon($z[0]) > 0 ? [$yr($z[2]), $mon($z[0]), $number($z[1])] :
      $km > 0 and $number($k[1]) > ($km = 2 ? 29 : $km in [4, 6, 9, 11] ? 30 : 31) ? [$yr($k[1]), $km, 1] : [];
    $count($ymd) != 3 ? -1 : $ymd[0] < 0 ? $ymd[0] :
      $ymd[1] >= 1 and $ymd[1] <= 12 and $ymd[2] >= 1 and $ymd[2] <= $xlMonthDays($ymd[0], $ymd[1])
        ? $xlMonthStart($ymd[0], $ymd[1]) + $ymd[2] - 1 : -4
  )};
  $read := function($x) {(
    $t0 := $tm($x);
    $t0 >= 0 ? [$t0 / 86400, false] : (
      $sp := $match($x, /^(.*?) ([0-9]{1,2}:[0-9].*)$/).groups;
      $d := $dt($exists($sp) ? $sp[0] : $x);
      $t1 := $exists($sp) ? $tm($sp[1]) : 0;
      $d >= 0 and $t1 >= 0 ? [$d + $t1 / 86400, true] : $d >= 0 or $d = -3 and $t1 < 0 or $contains($x, /^[0-9]{1,2}:[0-9]/) ? -4 : $d
    )
  )};
  $c := $replace($s, /^ +| +$/, "");
  $r := $read($c);
  $c = $s ? ($type($r) = "array" ? $r : $r = -3 ? {"error": "#VALUE!"} : $r = -4 ? $xlNE(${JSON.stringify(NOT_READ)}) : $xlNotRead($c)) :
  $type($r) = "array" or $r = -3 ?
    ($type($r) = "array" ? $r[1] : true) and $substring($s, 0, 1) = " " and $substring($s, -1) = " " ? {"error": "#VALUE!"} : $xlNE(${JSON.stringify(NOT_READ)}) :
  $r = -4 ? $xlNE(${JSON.stringify(NOT_READ)}) : $xlNotRead($c)
)}`,
    doc: 'date and time text to [serial, has a date], else #VALUE! or not established (internal)',
  },
};
