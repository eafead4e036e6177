/**
 * Library helpers: times of day. A time is the fraction of a day of a serial (0.5 is 12:00). TIME builds one
 * from whole hours, minutes and seconds as Excel does (the seconds counted, divided by 86400, the whole days
 * subtracted: the last bits of TIME(24,2,3) are Excel's, corpus ironcalc TIME_HOUR_MINUTE_SECOND.xlsx D3
 * 1.4236111111110006E-3); HOUR, MINUTE and SECOND read a serial's time rounded to the nearest second
 * (D3: its 122.99999999999 seconds are 0:02:03, F3/G3/H3), where the rounding cannot change the answer or the
 * time lies within a millisecond of a whole second; TIMEVALUE reads time text with the one reader.
 */
import type { HelperSource } from '../../helpers/source.js';

const NE = (reason: string): string => `$xlNE(${JSON.stringify(reason)})`;

export const TIME_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlTimeArg: {
    // Coerced as arithmetic coerces, truncated (TIME(3.1,20.7,0.9) is 3:20:00, corpus D5). A negative fraction
    // (truncated toward zero or rounded down?) and a value above 32767 (Microsoft's TIME page: "a number from 0
    // (zero) to 32767") are not established.
    fn: `function($v) {(
  $x := $type($v) = "number" ? $v : $xlNum($v);
  $type($x) = "object" ? $x :
  $x < 0 and $x != $floor($x) ? ${NE('TIME of a negative fraction')} :
  $x > 32767 ? ${NE('TIME of an argument above 32767')} : $x < 0 ? $ceil($x) : $floor($x)
)}`,
    doc: 'a TIME argument: a whole number up to 32767, else not established (errors pass) (internal)',
  },
  xlTime: {
    // TIME(hour, minute, second): the seconds in all, divided by 86400, less the whole days (TIME(27,0,0) is
    // 0.125 as Microsoft's page says; TIME(23,120,0) 4.1666666666666741E-2, DATE_TIME.xlsx C3). A negative total
    // is #NUM! (C4 TIME(0,0,-1); TIME_HOUR_MINUTE_SECOND.xlsx D11 TIME(-1,1,1)); negative minutes or seconds
    // with a positive total count back (D12 TIME(12,-2,10), D13 TIME(13,-20,-30)); a negative hour with a
    // positive total is not established. Errors left to right (D18-D23). An argument below -1E300 would overflow
    // the seconds (JSONata throws on -Infinity), and the total is negative whatever the others (each at most
    // 32767): #NUM! as any negative total.
    fn: `function($a, $b, $c) {(
  $h := $xlTimeArg($a); $m := $xlTimeArg($b); $s := $xlTimeArg($c);
  $type($h) = "object" ? $h : $type($m) = "object" ? $m : $type($s) = "object" ? $s :
  $h < -1E300 or $m < -1E300 or $s < -1E300 ? {"error": "#NUM!"} : (
    $t := $h * 3600 + $m * 60 + $s;
    $t < 0 ? {"error": "#NUM!"} : $h < 0 ? ${NE('TIME of a negative hour with a positive total')} : (
      $x := $t / 86400; $x - $floor($x)
    )
  )
)}`,
    doc: 'TIME',
  },
  xlTimePart: {
    // HOUR ($p 0), MINUTE (1) and SECOND (2) of a serial coerced as arithmetic coerces (time text "6:45 PM",
    // booleans, blank 0): its time of day in seconds, rounded to the nearest second where it lies within a
    // millisecond of one (corpus D3: 122.99999999999045 seconds, SECOND 3). Further off, the answer stands only
    // where the second below and the one above give the same part (HOUR of 7:55:12.4); a time rounding up
    // to midnight, a serial below 0 or past 9999-12-31 are not established.
    fn: `function($v, $p) {(
  $x := $type($v) = "number" ? $v : $xlNum($v);
  $pick := function($n) { $p = 0 ? $floor($n / 3600) : $p = 1 ? $floor($n / 60) % 60 : $n % 60 };
  $type($x) = "object" ? $x :
  $x < 0 or $x >= 2958466 ? ${NE('HOUR, MINUTE or SECOND of a serial below 0 or past 9999-12-31')} : (
    $s := ($x - $floor($x)) * 86400;
    $r := $floor($s + 0.5);
    $abs($s - $r) < 0.001 ? ($r < 86400 ? $pick($r) : ${NE('HOUR, MINUTE or SECOND of a time rounding up to midnight')}) : (
      $lo := $pick($floor($s));
      $floor($s) + 1 < 86400 and $pick($floor($s) + 1) = $lo ? $lo
        : ${NE('HOUR, MINUTE or SECOND of a time between two seconds where rounding decides')}
    )
  )
)}`,
    doc: 'HOUR, MINUTE and SECOND',
  },
  xlTimevalue: {
    // TIMEVALUE(text): the time of day of time text read by $xlDateTime, spaces around a time alone trimmed
    // (DATE_TIME.xlsx C6 TIMEVALUE(" 1:30 ") 6.25E-2), "24:00" 0 (C5), 12-hour text (C7 "12:00 PM" 0.5); the
    // date before a time ignored (Microsoft's TIMEVALUE page: "Date information in time_text is ignored",
    // "22-Aug-2011 6:35 AM" 0.2743), the time's own fraction. Not established: a date alone, a date with spaces
    // around, text the reader does not read, and a value that is not text.
    fn: `function($v) {(
  $u := $type($v) = "string" ? $replace($v, /^ +| +$/, "") : "";
  $type($v) = "object" ? $v : $type($v) != "string" ? ${NE('TIMEVALUE of a value that is not text')} :
  $u = "24:00" ? 0 : (
    $r := $xlDateTime($u);
    $sp := $match($u, /^(.*?) ([0-9]{1,2}:[0-9].*)$/).groups;
    $type($r) != "array" ? ${NE('TIMEVALUE of text the date and time reader does not read')} :
    $not($r[1]) ? $r[0] :
    $u != $v ? ${NE('TIMEVALUE of a date and time with spaces around')} :
    $exists($sp) ? $xlDateTime($sp[1])[0] : ${NE('TIMEVALUE of a date without a time')}
  )
)}`,
    doc: 'TIMEVALUE (the date and time reader; a date ignored)',
  },
};
