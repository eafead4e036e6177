/**
 * The code registry is the one home of every public code: each code string in src/ is declared there, each
 * declared code is used, and what derives from it (the coded error's budget, list_functions, the formula
 * diagnostics' messages) follows it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CODES,
  type Code,
  CodedError,
  codeEntry,
  codeMessage,
  codesOfKind,
  isCode,
  STAGES,
} from '../../src/codes/index.js';
import { listFunctions } from '../../src/compiler/lower/index.js';
import { FORMULA_MESSAGES } from '../../src/workbook/formula/index.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const REGISTRY_DIR = path.join(SRC, 'codes');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return p === REGISTRY_DIR ? [] : sourceFiles(p);
    return d.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every single- or double-quoted string in src/ outside src/codes, with the file it is in. */
const QUOTED = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)].map((m) => ({
    file: path.relative(SRC, file),
    text: m[1] ?? m[2],
  })),
);

/** UPPER_SNAKE strings in src/ that are not codes, each with why. */
const NOT_CODES: Record<string, string> = {
  CELL_REFERENCE: '@borgar/fx token type',
  CELL_RANGE: '@borgar/fx token type',
  ROW_RANGE: '@borgar/fx token type',
  COLUMN_RANGE: '@borgar/fx token type',
  ERROR_VALUE: '@borgar/fx token type',
  FUNCTION_CALL: "HyperFormula's AST node type (oracle/excel/excel-subtotal.ts)",
  NAMED_EXPRESSION: "HyperFormula's AST node type (oracle/excel/call.ts: a mode typed TRUE/FALSE)",
  ERR_WORKER_OUT_OF_MEMORY: "Node's own error code",
  NO_COLOR: 'environment variable',
  SHEETSPEC_GUIDANCE_TOPICS_FILE: 'environment variable',
  SHEETSPEC_RELAUNCH: 'environment variable (cli/relaunch.ts)',
  SHEETSPEC_RELAUNCHED: "environment variable, set in a relaunched conversion's child (cli/relaunch.ts)",
};

describe('the code registry', () => {
  it('declares every UPPER_SNAKE code string used in src/', () => {
    const unknown = QUOTED.filter(
      (q) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(q.text) && !isCode(q.text) && !(q.text in NOT_CODES),
    );
    expect(unknown.map((q) => `${q.file}: ${q.text}`)).toEqual([]);
  });

  it('has every declared code used somewhere in src/', () => {
    const used = new Set(QUOTED.map((q) => q.text));
    const unused = (Object.keys(CODES) as Code[]).filter((c) => !used.has(c));
    expect(unused).toEqual([]);
  });

  it('gives every code at least one kind and a meaning', () => {
    for (const c of Object.keys(CODES) as Code[]) {
      expect(codeEntry(c).kinds.length, c).toBeGreaterThan(0);
      expect(codeEntry(c).meaning.trim(), c).not.toBe('');
    }
  });

  it('derives the kinds: RESOURCE_LIMIT is both a failure and a limit; refusals are not failures of their own', () => {
    expect(codesOfKind('failure')).toContain('RESOURCE_LIMIT');
    expect(codesOfKind('limit')).toContain('RESOURCE_LIMIT');
    expect(codesOfKind('refusal')).toContain('VALUE_MISMATCH');
    expect(codesOfKind('failure')).not.toContain('VALUE_MISMATCH');
    expect(isCode('NOT_A_CODE')).toBe(false);
    expect(isCode('toString')).toBe(false);
  });

  it('fills message templates from data, an absent key as ?', () => {
    expect(codeMessage('FORMULA_TOO_LONG', { length: 9000, limit: 8192 })).toBe(
      'The formula is 9000 characters long; the limit is 8192',
    );
    expect(codeMessage('UNKNOWN_TASK', {})).toBe('unknown sandbox task "?"');
    expect(codeMessage('NO_TABLE')).toBe('NO_TABLE');
  });

  it('is where the formula diagnostics and list_functions refusals come from', () => {
    expect(Object.keys(FORMULA_MESSAGES)).toEqual(codesOfKind('diagnostic'));
    expect(FORMULA_MESSAGES.FORMULA_EMPTY).toBe(codeEntry('FORMULA_EMPTY').message);
    expect(listFunctions().refusals).toEqual(
      codesOfKind('refusal').map((code) => ({ code, meaning: codeEntry(code).meaning })),
    );
  });

  it('names the pipeline stages in order', () => {
    expect(STAGES).toEqual(['read', 'recognise', 'analyse', 'lower', 'oracle', 'verify', 'serialise']);
  });
});

describe('CodedError', () => {
  it('carries code, message and data', () => {
    const e = new CodedError('INVALID_PATH', 'bad path', { path: '$x' });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ code: 'INVALID_PATH', message: 'bad path', data: { path: '$x' } });
    expect(new CodedError('INVALID_STATE', 'no data').data).toBeUndefined();
  });

  it('puts the budget a limit code always means in data.budget', () => {
    expect(new CodedError('TIMEOUT', 'slow').data).toEqual({ budget: 'time' });
    expect(new CodedError('RESULT_TOO_LARGE', 'big', { size: 3 }).data).toEqual({
      size: 3,
      budget: 'result',
    });
    expect(new CodedError('INPUT_TOO_LARGE', 'big').data?.budget).toBe('input');
  });

  it('keeps a budget the thrower names, and adds none to a code without one', () => {
    expect(new CodedError('RESOURCE_LIMIT', 'deep', { budget: 'stack' }).data?.budget).toBe('stack');
    expect(new CodedError('RESOURCE_LIMIT', 'cells', { limit: 'maxCells' }).data).toEqual({
      limit: 'maxCells',
    });
  });
});
