/**
 * Library helpers: dates in Excel's 1900 date system. A date is its serial number: days since 1899-12-31
 * (serial 1 is 1900-01-01), with the phantom 1900-02-29 as serial 60, so serials 1-59 are one day more than
 * the proleptic calendar's count and serials from 61 on are exact; serial 0 is "1900-01-00". Day counts use
 * the civil-calendar formula (days since 0000-03-01, shifted by 693900 to 1899-12-31), so no host date
 * library is needed. Serials run from 0 to 2958465 (9999-12-31); a fraction (a time of day) is dropped.
 */
import type { HelperSource } from '../../helpers/source.js';

export const DATE_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlDateArg: {
    // A date argument: coerced as arithmetic does (date text, numeric text, booleans, blank 0), then checked
    // against the serial range and truncated to its day.
    fn: `function($v) {(
  $x := $type($v) = "number" ? $v : $xlNum($v);
  $type($x) = "object" ? $x : $x < 0 or $x >= 2958466 ? {"error": "#NUM!"} : $floor($x)
)}`,
    doc: 'a date argument as a whole serial 0..2958465, else #NUM! (errors pass) (internal)',
  },
  xlIntArg: {
    fn: `function($v) {( $x := $type($v) = "number" ? $v : $xlNum($v); $type($x) = "object" ? $x : $x < 0 ? $ceil($x) : $floor($x) )}`,
    doc: 'a number argument truncated toward zero (errors pass) (internal)',
  },
  xlYmd: {
    // Serial (whole, 0..2958465) → [year, month, day] in Excel's calendar: 0 is 1900-01-00, 60 is 1900-02-29.
    fn: `function($s) {
  $s = 0 ? [1900, 1, 0] : $s = 60 ? [1900, 2, 29] : (
    $z := $s + ($s < 60 ? 693900 : 693899);
    $era := $floor($z / 146097); $doe := $z - $era * 146097;
    $yoe := $floor(($doe - $floor($doe / 1460) + $floor($doe / 36524) - $floor($doe / 146096)) / 365);
    $doy := $doe - (365 * $yoe + $floor($yoe / 4) - $floor($yoe / 100));
    $mp := $floor((5 * $doy + 2) / 153);
    $m := $mp < 10 ? $mp + 3 : $mp - 9;
    [$yoe + $era * 400 + ($m <= 2 ? 1 : 0), $m, $doy - $floor((153 * $mp + 2) / 5) + 1]
  )
}`,
    doc: 'a serial as [year, month, day] in Excel’s calendar (internal)',
  },
  xlMonthStart: {
    // Serial of the first day of month $m (1..12) of year $y; negative before 1900.
    fn: `function($y, $m) {(
  $a := $m <= 2 ? $y - 1 : $y;
  $n := $a * 365 + $floor($a / 4) - $floor($a / 100) + $floor($a / 400)
    + $floor((153 * ($m > 2 ? $m - 3 : $m + 9) + 2) / 5) - 693900;
  $n >= 60 ? $n + 1 : $n
)}`,
    doc: 'the serial of the first day of a month (internal)',
  },
  xlMonthDays: {
    fn: `function($y, $m) {
  $m = 2 ? ($y % 4 = 0 and ($y % 100 != 0 or $y % 400 = 0 or $y = 1900) ? 29 : 28) : $m in [4, 6, 9, 11] ? 30 : 31
}`,
    doc: 'days in a month, February 1900 counted as 29 (internal)',
  },
  xlSerialOk: {
    fn: `function($n) { $n < 0 or $n > 2958465 ? {"error": "#NUM!"} : $n }`,
    doc: 'a computed serial, #NUM! outside 0..2958465 (internal)',
  },
  xlDate: {
    // DATE(year, month, day): each truncated; year 0-1899 is 1900 more, below 0 or from 10000 on #NUM!;
    // months and days roll over in both directions (DATE(2008,14,2) is 2009-02-02, DATE(2008,1,-15) is
    // 2007-12-16); the months move the year first, and a year past 9999 is #NUM! (corpus ironcalc DATE.xlsx
    // D5: DATE(9999,13,-1) #NUM!, not 9999-12-30); a result before serial 0 or after 9999-12-31 is #NUM!.
    fn: `function($a, $b, $c) {(
  $y0 := $xlIntArg($a); $mo := $xlIntArg($b); $d := $xlIntArg($c);
  $type($y0) = "object" ? $y0 : $type($mo) = "object" ? $mo : $type($d) = "object" ? $d :
  $y0 < 0 or $y0 >= 10000 ? {"error": "#NUM!"} : (
    $t := ($y0 < 1900 ? $y0 + 1900 : $y0) * 12 + $mo - 1;
    $y := $floor($t / 12);
    $y > 9999 ? {"error": "#NUM!"} : $xlSerialOk($xlMonthStart($y, $t - $y * 12 + 1) + $d - 1)
  )
)}`,
    doc: 'DATE',
  },
  xlYear: {
    fn: `function($v) {( $s := $xlDateArg($v); $type($s) = "object" ? $s : $xlYmd($s)[0] )}`,
    doc: 'YEAR',
  },
  xlMonth: {
    fn: `function($v) {( $s := $xlDateArg($v); $type($s) = "object" ? $s : $xlYmd($s)[1] )}`,
    doc: 'MONTH',
  },
  xlDay: {
    fn: `function($v) {( $s := $xlDateArg($v); $type($s) = "object" ? $s : $xlYmd($s)[2] )}`,
    doc: 'DAY',
  },
  xlWeekday: {
    // $w: 0 for Sunday (serial 1, 1900-01-01, is a Sunday in Excel's calendar). Return type 1 counts from
    // Sunday = 1, 2 from Monday = 1, 3 from Monday = 0, 11-17 from Monday..Sunday = 1.
    fn: `function($v, $rt) {(
  $s := $xlDateArg($v); $t := $xlWeekType($rt, "WEEKDAY");
  $type($s) = "object" ? $s : $type($t) = "object" ? $t : (
    $w := ($s + 6) % 7;
    $t = 1 ? $w + 1 : $t = 2 ? ($w + 6) % 7 + 1 : $t = 3 ? ($w + 6) % 7 :
    $t >= 11 and $t <= 17 ? ($w + 17 - $t) % 7 + 1 : {"error": "#NUM!"}
  )
)}`,
    doc: 'WEEKDAY (return types 1, 2, 3, 11-17)',
  },
  xlWeeknum: {
    // System 1: the week holding 1 January is week 1, weeks start on the return type's day (1 Sunday, 2 and
    // 11 Monday, 12 Tuesday, ... 17 Sunday); 21 is the ISO week (system 2).
    // A logical date: not established (no corpus cell calls WEEKNUM; the date class's boolean entry is not
    // established either).
    fn: `function($v, $rt) {(
  $s := $type($v) = "boolean" ? $xlNE("WEEKNUM of a logical value") : $xlDateArg($v);
  $t := $xlWeekType($rt, "WEEKNUM");
  $type($s) = "object" ? $s : $type($t) = "object" ? $t :
  $t = 21 ? $xlIsoWeek($s) : (
    $start := $t = 1 ? 0 : $t = 2 ? 1 : $t >= 11 and $t <= 17 ? ($t - 10) % 7 : -1;
    $start < 0 ? {"error": "#NUM!"} : (
      $j := $xlMonthStart($xlYmd($s)[0], 1);
      $off := (($j + 6) % 7 - $start + 7) % 7;
      $floor(($s - $j + $off) / 7) + 1
    )
  )
)}`,
    doc: 'WEEKNUM (return types 1, 2, 11-17, 21)',
  },
  xlWeekType: {
    // WEEKDAY's and WEEKNUM's return_type: a logical value or a fraction is not established (no corpus cell
    // calls either function; Microsoft's pages list whole types only); otherwise the number, truncated.
    fn: `function($rt, $f) {
  $type($rt) = "boolean" ? $xlNE($f & " with a logical return_type") :
  $type($rt) = "number" and $rt != $floor($rt) ? $xlNE($f & " with a fractional return_type") : $xlIntArg($rt)
}`,
    doc: "WEEKDAY's and WEEKNUM's return_type (internal)",
  },
  xlIsoWeek: {
    // ISO 8601 week of a whole serial: the week (Monday first) whose Thursday is in the year counts it.
    fn: `function($s) {(
  $th := $s - ($s + 5) % 7 + 3;
  $y := $th < 1 ? 1899 : $xlYmd($th)[0];
  $floor(($th - $xlMonthStart($y, 1)) / 7) + 1
)}`,
    doc: 'the ISO week number of a serial (internal)',
  },
  xlIsoWeeknum: {
    fn: `function($v) {( $s := $xlDateArg($v); $type($s) = "object" ? $s : $xlIsoWeek($s) )}`,
    doc: 'ISOWEEKNUM',
  },
  xlAddMonths: {
    // EDATE ($end false) and EOMONTH ($end true): the month $k months on; EDATE keeps the day, at most the
    // month's last (day 0 of serial 0 stays day 0). Why the bound on $n: a shift of more than 240,000 months
    // leaves the serial range from any start, and a huge one overflows JSONata's arithmetic (it throws).
    // EOMONTH's logical months are #VALUE! (corpus ironcalc EOMONTH.xlsx C11/C12: TRUE, FALSE in a cell); a
    // logical start date and EDATE's logical months are not established (no saved cell shows them).
    fn: `function($v, $k, $end) {(
  $s := $type($v) = "boolean" ? $xlNE(($end ? "EOMONTH" : "EDATE") & " with a logical start_date") : $xlDateArg($v);
  $n := $type($k) = "boolean" ? ($end ? {"error": "#VALUE!"} : $xlNE("EDATE with logical months")) : $xlIntArg($k);
  $type($s) = "object" ? $s : $type($n) = "object" ? $n : $abs($n) > 240000 ? {"error": "#NUM!"} : (
    $p := $xlYmd($s);
    $t := $p[0] * 12 + $p[1] - 1 + $n;
    $y := $floor($t / 12); $m := $t - $y * 12 + 1;
    $dim := $xlMonthDays($y, $m);
    $xlSerialOk($xlMonthStart($y, $m) + ($end ? $dim : $p[2] < $dim ? $p[2] : $dim) - 1)
  )
)}`,
    doc: 'EDATE and EOMONTH',
  },
  xlDays: {
    fn: `function($e, $b) {(
  $x := $xlDateArg($e); $y := $xlDateArg($b);
  $type($x) = "object" ? $x : $type($y) = "object" ? $y : $x - $y
)}`,
    doc: 'DAYS',
  },
  xlDatedif: {
    // DATEDIF for the units "Y", "M", "D", "YM" (upper case, checked by the lowering): whole years, whole
    // months, days, and months left over after whole years; start after end is #NUM!, another unit #NUM!.
    fn: `function($a, $b, $u) {(
  $s := $xlDateArg($a); $e := $xlDateArg($b);
  $type($s) = "object" ? $s : $type($e) = "object" ? $e : $s > $e ? {"error": "#NUM!"} :
  $u = "D" ? $e - $s : (
    $p := $xlYmd($s); $q := $xlYmd($e);
    $mo := ($q[0] - $p[0]) * 12 + $q[1] - $p[1] - ($q[2] < $p[2] ? 1 : 0);
    $u = "M" ? $mo : $u = "Y" ? $floor($mo / 12) : $u = "YM" ? $mo % 12 : {"error": "#NUM!"}
  )
)}`,
    doc: 'DATEDIF ("Y", "M", "D", "YM")',
  },
  xlDatevalue: {
    // Text only (a number, a boolean or a blank is #VALUE!), read by $xlDateTime, the text as written: the
    // date part's serial, a time ignored (Microsoft's DATEVALUE page; corpus ironcalc DATE_TIME.xlsx C10
    // DATEVALUE("2024-02-29 06:00") 45351). A time alone and spaces around the text are not established (no
    // DATEVALUE cell says), as the reader's other forms are; text holding no date at all is #VALUE!.
    fn: `function($v) {
  $type($v) = "string" ? (
    $r := $xlDateTime($v);
    $c := $replace($v, /^ +| +$/, "");
    $type($r) = "array" and $r[1] and $c = $v ? $floor($r[0]) :
    $type($r) = "array" or $c != $v ? $xlNE("DATEVALUE of a time alone or of text with spaces around") : $r
  ) : $type($v) = "object" ? $v : {"error": "#VALUE!"}
}`,
    doc: 'DATEVALUE (the date and time reader; a time ignored)',
  },
};
