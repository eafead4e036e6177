/** Every fixture's spec derived synchronously (src/modelspec/sync.ts) gives the asynchronous values. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRecognised } from '../../src/compiler/compile.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { buildSpec, keptParts, seedDocument } from '../../src/compiler/assemble/spec-builder.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import { specBindings } from '../../src/modelspec/bind.js';
import {
  compileDerivation,
  computeDerivations,
  sameValue,
  syncEvaluation,
  syncEvaluationCounts,
} from '../../src/modelspec/derive.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { repeatableFixtures } from '../support/fixtures.js';

describe('derivations evaluated synchronously', () => {
  it('give the asynchronous values on every fixture workbook', async () => {
    const files = repeatableFixtures();
    expect(files.length).toBeGreaterThan(20);
    const before = syncEvaluationCounts();
    let specs = 0;
    for (const f of files) {
      const wb = await readWorkbook(new Uint8Array(readFileSync(f)));
      const table = recogniseTable(wb, {});
      if (isRecogniseFailure(table)) continue;
      const c = compileRecognised(table);
      const { spec } = buildSpec({
        id: f,
        compilation: c,
        kept: keptParts(c, new Set()),
        library: buildLibrary,
        seedBudget: 0,
      });
      const constants = (spec.constants ?? {}) as Record<string, unknown>;
      const bindings = await specBindings(spec.library, constants);
      const sync = await syncEvaluation(spec.library, constants, Number.POSITIVE_INFINITY);
      expect(sync, f).toBeDefined();
      // Each derivation on its own, as the verifier runs them (a throw is kept by both, compared as its code).
      const docs = [];
      for (const mode of [undefined, sync]) {
        const doc = structuredClone(seedDocument(c)) as Record<string, unknown>;
        const thrown: unknown[] = [];
        for (const d of spec.derivations ?? []) {
          await computeDerivations([compileDerivation(d)], doc, bindings, mode).catch(
            (e: { code?: string }) => thrown.push(e.code),
          );
        }
        docs.push({ doc, thrown });
      }
      expect(sameValue(docs[0], docs[1]), f).toBe(true);
      specs++;
    }
    const after = syncEvaluationCounts();
    expect(specs).toBeGreaterThan(20);
    expect(after.sync - before.sync).toBeGreaterThan(1000);
    expect(after.different - before.different).toBe(0);
  });
});
