/**
 * The formula front end's coded diagnostics: one table of templated messages, keyed by a stable code.
 * Tests and callers match on `code` (and `span`), never on the wording, which may change.
 * The codes and their `{{key}}` templates (filled from the diagnostic's `data`) live in the code registry.
 */

import {
  codeEntry,
  codeMessage,
  codesOfKind,
  type DiagnosticCode,
  formatMessage,
} from '../../codes/index.js';
import type { Span } from './ast.js';

export { formatMessage };

export type FormulaDiagnosticCode = DiagnosticCode;

/** Each diagnostic code's message template, from the code registry (src/codes/registry.ts). */
export const FORMULA_MESSAGES: Readonly<Record<FormulaDiagnosticCode, string>> = Object.freeze(
  Object.fromEntries(codesOfKind('diagnostic').map((c) => [c, codeEntry(c).message ?? c])) as Record<
    FormulaDiagnosticCode,
    string
  >,
);

export type Severity = 'error' | 'warning';

/** A coded, positioned message about a formula. `span` is in UTF-16 offsets into the text after `=`. */
export interface Diagnostic {
  code: FormulaDiagnosticCode;
  message: string;
  span?: Span;
  /** The cell the formula came from (`Sheet1!B7`), filled in by callers that know it. */
  cell?: string;
  severity: Severity;
  data?: Record<string, unknown>;
}

/** Build a diagnostic from the table. */
export function formulaDiagnostic(
  code: FormulaDiagnosticCode,
  span: Span | undefined,
  data: Record<string, unknown> = {},
  severity: Severity = 'error',
): Diagnostic {
  const d: Diagnostic = { code, message: codeMessage(code, data), severity };
  if (span) d.span = span;
  if (Object.keys(data).length > 0) d.data = data;
  return d;
}
