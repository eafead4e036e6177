/**
 * The formula front end's coded diagnostics: one table of templated messages, keyed by a stable code.
 * Tests and callers match on `code` (and `span`), never on the wording, which may change.
 * Templates use `{{key}}` placeholders filled from the diagnostic's `data`.
 */

import type { Span } from './ast.js';

export const FORMULA_MESSAGES = {
  FORMULA_EMPTY: 'The formula is empty',
  FORMULA_TOO_LONG: 'The formula is {{length}} characters long; the limit is {{limit}}',
  FORMULA_TOO_DEEP: 'The formula nests more than {{limit}} levels deep (at offset {{offset}})',
  UNTERMINATED_STRING: 'The text starting at offset {{offset}} has no closing double quote',
  UNEXPECTED_TOKEN: 'Unexpected {{token}} at offset {{offset}}',
  UNEXPECTED_END: 'The formula ends unexpectedly (something is missing after offset {{offset}})',
  PARSE_ERROR: 'The formula cannot be parsed: {{detail}}',
} as const;

export type FormulaDiagnosticCode = keyof typeof FORMULA_MESSAGES;

export type Severity = 'error' | 'warning';

/** A coded, positioned message about a formula. `span` is in UTF-16 offsets into the text after `=`. */
export interface Diagnostic {
  code: string;
  message: string;
  span?: Span;
  /** The cell the formula came from (`Sheet1!B7`), filled in by callers that know it. */
  cell?: string;
  severity: Severity;
  data?: Record<string, unknown>;
}

/** Fill a `{{key}}` template from `data`; an absent key renders as `?`. */
export function formatMessage(template: string, data: Record<string, unknown> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const v = data[key];
    return v === undefined ? '?' : String(v);
  });
}

/** Build a diagnostic from the table. */
export function formulaDiagnostic(
  code: FormulaDiagnosticCode,
  span: Span | undefined,
  data: Record<string, unknown> = {},
  severity: Severity = 'error',
): Diagnostic {
  const d: Diagnostic = { code, message: formatMessage(FORMULA_MESSAGES[code], data), severity };
  if (span) d.span = span;
  if (Object.keys(data).length > 0) d.data = data;
  return d;
}
