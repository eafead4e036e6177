/** `sheetspec serve` refusals, run in-process: nothing here binds anything but loopback. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { startHttpServer } from '../../src/mcp/index.js';

function captureStderr() {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  return { text: () => lines.join(''), restore: () => spy.mockRestore() };
}

describe('serve', () => {
  let stderr: ReturnType<typeof captureStderr> | undefined;
  afterEach(() => stderr?.restore());

  it('refuses a non-loopback --host without --token-file (exit 2, reason on stderr)', async () => {
    // 192.0.2.1 (TEST-NET-1) is never bound: the refusal comes before any listen.
    stderr = captureStderr();
    expect(await run(['serve', '--http', '--host', '192.0.2.1', '--port', '0'])).toBe(2);
    expect(stderr.text()).toContain('--token-file');
  });

  it('reports a port in use as one coded line (exit 1)', async () => {
    const busy = await startHttpServer({ port: 0, diagnostics: () => {} });
    try {
      stderr = captureStderr();
      expect(await run(['serve', '--http', '--port', String(busy.port)])).toBe(1);
      const text = stderr.text();
      expect(text).toMatch(/^sheetspec: ADDRESS_IN_USE: .*\n$/);
      expect(text).not.toContain('    at ');
    } finally {
      await busy.close();
    }
  });

  it('checks the budget and log-level flags', async () => {
    stderr = captureStderr();
    expect(await run(['serve', '--max-concurrent', '0'])).toBe(2);
    expect(await run(['serve', '--max-memory', 'lots'])).toBe(2);
    expect(await run(['serve', '--log-level', 'verbose'])).toBe(2);
    expect(await run(['serve', '--allowed-hosts', 'a.example'])).toBe(2);
  });

  it('takes --eval-timeout within its cap', async () => {
    stderr = captureStderr();
    expect(await run(['serve', '--eval-timeout', '61'])).toBe(2);
    expect(stderr.text()).toContain('--eval-timeout must be at most 60 seconds');
    expect(await run(['serve', '--eval-timeout', '0'])).toBe(2);
  });
});
