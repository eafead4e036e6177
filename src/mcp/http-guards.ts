/**
 * Who may talk to the HTTP server: the Host, Origin and bearer-token checks, each a pure function of the
 * request's headers and the peer's address.
 *
 * Loopback names (`localhost`, `127.0.0.1`, `[::1]`) in Host and loopback origins are admitted only from a
 * loopback peer: a local client (or a reverse proxy on the same machine) uses them honestly, while a remote
 * client sending `Host: localhost` to a server bound to 0.0.0.0 is not local. Other names are admitted only
 * when the operator lists them (`--allowed-hosts`, `--allowed-origins`), plus the bound address itself when it
 * is a specific one (not a wildcard such as 0.0.0.0). A listed name is admitted from any peer, loopback names
 * included: in a container, clients on the host's loopback arrive from the bridge network's gateway. Host checks are the defence against DNS rebinding; Origin
 * checks against a web page in a browser calling the server.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A bind address or peer address on the loopback interface (127.0.0.0/8, ::1, IPv4-mapped, `localhost`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (a === 'localhost' || a === '::1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** `0.0.0.0`, `::` and the like: every interface, so not a name a client would send. */
export function isWildcardAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '[::]' || address === '::0';
}

/** A Host name as compared: lower case, IPv6 in brackets, no port. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/** The names a Host header may carry besides loopback ones: the operator's list and a specific bound address. */
export function allowedHostNames(bound: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(extra.map(hostName));
  if (!isWildcardAddress(bound)) names.add(hostName(bound));
  return names;
}

export function hostAllowed(
  header: string | undefined,
  peerLoopback: boolean,
  allowed: Set<string>,
): boolean {
  if (!header) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(header.trim().toLowerCase());
  if (!m) return false;
  const name = m[1]!;
  if (allowed.has(name)) return true;
  return LOOPBACK_NAMES.has(name) && peerLoopback;
}

/** An Origin is allowed when listed exactly, or when it is a loopback origin and the peer is loopback. */
export function originAllowed(origin: string, peerLoopback: boolean, allowed: Set<string>): boolean {
  if (allowed.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (
    peerLoopback &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOOPBACK_NAMES.has(url.hostname)
  );
}

export function tokenMatches(header: string | undefined, token: Buffer): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]!.trim(), 'utf8');
  return given.length === token.length && timingSafeEqual(given, token);
}
