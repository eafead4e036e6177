/** One parser and one printer of durations for every `--timeout` (the built command's forms: conventions.full.test.ts). */
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/cli/duration.js';

describe('durations', () => {
  it('one parser: units, a bare number is seconds, anything else is a usage error', () => {
    expect([parseDuration('500ms'), parseDuration('10s'), parseDuration('2m'), parseDuration('1.5')]).toEqual(
      [500, 10_000, 120_000, 1500],
    );
    expect(parseDuration(3)).toBe(3000);
    for (const bad of ['0', '-1s', '10x', '', 's', '1e3'])
      expect(() => parseDuration(bad), bad).toThrow(/--timeout/);
    expect([formatDuration(2000), formatDuration(300_000), formatDuration(250)]).toEqual([
      '2s',
      '5m',
      '250ms',
    ]);
  });
});
