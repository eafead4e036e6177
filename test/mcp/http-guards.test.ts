/** The Host and Origin checks as pure functions of the headers and the peer. */
import { describe, expect, it } from 'vitest';
import {
  allowedHostNames,
  hostAllowed,
  isLoopbackAddress,
  originAllowed,
} from '../../src/mcp/http-guards.js';

describe('HTTP guards', () => {
  it('recognises loopback peers, IPv4-mapped ones included', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', 'localhost']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of ['10.0.0.5', '::ffff:10.0.0.5', '0.0.0.0', '192.168.1.2', undefined]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('admits loopback Host names from loopback peers only', () => {
    const allowed = allowedHostNames('0.0.0.0');
    expect(hostAllowed('localhost:8808', true, allowed)).toBe(true);
    expect(hostAllowed('127.0.0.1', true, allowed)).toBe(true);
    // A remote client claiming to be local.
    expect(hostAllowed('localhost:8808', false, allowed)).toBe(false);
    // A wildcard bind address is not a name to admit.
    expect(hostAllowed('0.0.0.0:8808', false, allowed)).toBe(false);
  });

  it('admits listed names and a specific bound address from anywhere', () => {
    const allowed = allowedHostNames('10.1.2.3', ['MCP.example.com', '::2']);
    expect(hostAllowed('mcp.example.com', false, allowed)).toBe(true);
    expect(hostAllowed('10.1.2.3:8808', false, allowed)).toBe(true);
    expect(hostAllowed('[::2]:8808', false, allowed)).toBe(true);
    expect(hostAllowed('evil.example', false, allowed)).toBe(false);
    expect(hostAllowed(undefined, true, allowed)).toBe(false);
  });

  it('admits a listed loopback name from any peer (a container behind a published port)', () => {
    expect(hostAllowed('localhost:8808', false, allowedHostNames('0.0.0.0', ['localhost']))).toBe(true);
  });

  it('admits loopback origins from loopback peers, listed origins from anywhere', () => {
    const listed = new Set(['https://app.example']);
    expect(originAllowed('http://localhost:3000', true, listed)).toBe(true);
    expect(originAllowed('http://localhost:3000', false, listed)).toBe(false);
    expect(originAllowed('https://app.example', false, listed)).toBe(true);
    expect(originAllowed('https://evil.example', true, listed)).toBe(false);
    expect(originAllowed('null', true, listed)).toBe(false);
  });
});
