/**
 * The kinds of value an argument can hold, as the coercion table (coercion.ts) tells them apart: what Excel
 * does with an argument depends on the value's kind as much as on the parameter's class. A text is told apart
 * by its shape only (a plain decimal, a date or time, `TRUE`/`FALSE`), never by running a reader: the reader
 * is what the table checks.
 */
import { type CellValue, isErrorValue } from './values.js';

export type ValueKindName =
  | 'number'
  | 'numeric-text'
  | 'date-text'
  | 'logical-text'
  | 'text'
  | 'empty-text'
  | 'boolean'
  | 'blank'
  | 'error'
  | 'omitted';

/** Every kind, in the table's column order. */
export const VALUE_KINDS: readonly ValueKindName[] = [
  'number',
  'numeric-text',
  'date-text',
  'logical-text',
  'text',
  'empty-text',
  'boolean',
  'blank',
  'error',
  'omitted',
];

/** What each kind is, for the docs. */
export const KIND_MEANING: Readonly<Record<ValueKindName, string>> = {
  number: 'a number',
  'numeric-text': 'a text that reads as a number (`"5"`, `"$1,000"`, `"50%"`)',
  'date-text': 'a text that reads as a date or time (`"1/2/2020"`, `"12:00"`)',
  'logical-text': 'the text `"TRUE"` or `"FALSE"` (any case)',
  text: 'any other text (`"abc"`)',
  'empty-text': 'the empty text `""`',
  boolean: 'TRUE or FALSE',
  blank: 'a blank cell (a reference only)',
  error: 'an error value (`#N/A`)',
  omitted: 'an empty argument (`ROUND(2.5,)`; a direct argument only)',
};

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Spaces, a currency sign, thousands separators, a percent sign or parentheses around a plain decimal. */
const DECORATED_NUMBER =
  /^\s*\(?\s*[+-]?\s*\$?\s*[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?(?:[eE][+-]?\d+)?\s*%?\s*\)?\s*$/;
const MONTHS = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
const DATE_SHAPE =
  /^\s*(?:\d{1,4}[/-]\d{1,2}(?:[/-]\d{1,4})?(?:\s+\d{1,2}:\d{2}.*)?|\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]m?)?)\s*$/i;

/** The kind of a text by its shape. */
export function textKind(s: string): ValueKindName {
  if (s === '') return 'empty-text';
  if (/^(?:true|false)$/i.test(s)) return 'logical-text';
  if (PLAIN_NUMBER.test(s) || (/\d/.test(s) && DECORATED_NUMBER.test(s))) return 'numeric-text';
  if (DATE_SHAPE.test(s) || (MONTHS.test(s) && /\d/.test(s))) return 'date-text';
  return 'text';
}

/** The kind of a value (a cell's or a literal's); `null` is a blank cell. */
export function valueKind(v: CellValue): ValueKindName {
  if (v === null) return 'blank';
  if (isErrorValue(v)) return 'error';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return textKind(v);
}
