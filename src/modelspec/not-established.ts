/**
 * Where a computed document holds the not-established value (src/workbook/values.ts `NotEstablished`): what
 * `testSpec` and `dryRun` count apart from answers. A walk over the document, concrete canonical paths in
 * document order, at most `limit` of them listed and all of them counted (a 100,000-row table gives a
 * readable answer).
 */
import { isNotEstablished, type NotEstablishedAt } from '../workbook/values.js';
import { formatPath, type PathSegment } from './paths.js';

/** The not-established values found: how many, and the first of them with their paths and reasons. */
export interface NotEstablishedFound {
  count: number;
  at: NotEstablishedAt[];
}

/** Every not-established value in `doc` (counted), the first `limit` listed. */
export function findNotEstablished(doc: unknown, limit = 100): NotEstablishedFound {
  const found: NotEstablishedFound = { count: 0, at: [] };
  const walk = (v: unknown, path: PathSegment[]): void => {
    if (isNotEstablished(v)) {
      found.count++;
      if (found.at.length < limit) found.at.push({ path: formatPath(path), reason: v.notEstablished });
      return;
    }
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, [...path, { index: i }]);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, { key: k }]);
    }
  };
  walk(doc, []);
  return found;
}
