/**
 * The one way every command reads a duration (`--timeout`): `500ms`, `10s`, `2m`, `1h`, or a bare number,
 * which means seconds (as `timeout(1)` and `sleep(1)` read it). Fractions are allowed (`1.5s`, `0.5`).
 * Answers milliseconds; anything else, zero or a negative is a usage error.
 */
import { UsageError } from './batch/discover.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds for `text` (see the header); throws {@link UsageError} naming `flag` when it is not one. */
export function parseDuration(text: string | number, flag = '--timeout'): number {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?\s*$/.exec(String(text));
  const ms = m ? Number(m[1]) * UNIT_MS[m[2] ?? 's']! : Number.NaN;
  if (!(ms > 0) || !Number.isFinite(ms)) {
    throw new UsageError(
      `${flag} must be a duration such as 500ms, 10s or 2m (a bare number is seconds), got "${text}"`,
    );
  }
  return Math.round(ms);
}

/** `2000` → `2s`, `500` → `500ms`, `300000` → `5m`: how defaults are shown in help texts. */
export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
