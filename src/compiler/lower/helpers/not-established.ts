/**
 * Library helpers: the not-established value (src/workbook/values.ts `NotEstablished`), what a spec computes
 * where Excel's answer for the case at hand is not established. An object, so every helper passes it as it
 * passes an error (`$type($v) = "object"`); an object without `error`, so no consumer takes it for Excel's.
 */
import type { HelperSource } from './source.js';

export const NOT_ESTABLISHED_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlNE: {
    fn: `function($reason) { {"notEstablished": $reason} }`,
    doc: 'the not-established value {"notEstablished": reason}: Excel\'s answer for this case is not established',
  },
  xlIsNE: {
    // Why `$exists`: an error object has no `notEstablished` key; a number, text or boolean gives undefined.
    fn: `function($v) { $type($v) = "object" and $exists($v.notEstablished) }`,
    doc: 'true when the value is the not-established value (internal)',
  },
};
