/**
 * The class of a network destination's host, as a client will reach it: loopback, a cloud metadata service,
 * link-local, a private range, an internal name, or public. IPv4 is read in every notation a URL parser or
 * `inet_aton` accepts (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short forms) and inside IPv6
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1`, NAT64 `64:ff9b::…`). Pure. Never decides a category: the callers do.
 */

export type AddressClass = 'loopback' | 'metadata' | 'link-local' | 'private' | 'internal' | 'public';

/** Cloud and container metadata services: they hand out the machine's credentials. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200']);
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** Names that only resolve inside a machine, a container network, a cluster or a LAN. */
const INTERNAL_NAMES = new Set([
  'host.docker.internal',
  'gateway.docker.internal',
  'host.containers.internal',
  'host.lima.internal',
  'kubernetes',
  'kubernetes.default',
  'kubernetes.default.svc',
]);
const INTERNAL_SUFFIXES = [
  '.internal',
  '.local',
  '.localdomain',
  '.lan',
  '.home.arpa',
  '.intranet',
  '.corp',
  '.svc',
];

/** One IPv4 part in C notation (`0x1f`, `017`, `31`); undefined when it is not one. */
function part(text: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : Number.parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return Number.parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return undefined;
}

/** The 32-bit value of an IPv4 address in any `inet_aton` notation; undefined when the text is not one. */
export function ipv4Value(host: string): number | undefined {
  if (host.length > 64) return undefined;
  const parts = (host.endsWith('.') ? host.slice(0, -1) : host).split('.');
  if (parts.length === 0 || parts.length > 4) return undefined;
  const nums = parts.map(part);
  if (nums.some((n) => n === undefined || !Number.isFinite(n))) return undefined;
  const ns = nums as number[];
  const last = ns[ns.length - 1] as number;
  const head = ns.slice(0, -1);
  if (head.some((n) => n > 255) || last >= 256 ** (5 - ns.length)) return undefined;
  return head.reduce((acc, n, i) => acc + n * 256 ** (3 - i), 0) + last;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two); undefined when not one. */
function groupsOf(v6: string): number[] | undefined {
  if (v6.length > 64) return undefined;
  let s = v6;
  const dotted = /(?:^|:)([\d.]+)$/.exec(s);
  if (dotted?.[1]?.includes('.')) {
    const v4 = /^\d{1,3}(?:\.\d{1,3}){3}$/.test(dotted[1]) ? ipv4Value(dotted[1]) : undefined;
    if (v4 === undefined) return undefined;
    s = `${s.slice(0, s.length - dotted[1].length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const parse = (x: string) =>
    x === ''
      ? []
      : x.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const halves = s.split('::');
  let groups: number[];
  if (halves.length === 2) {
    const head = parse(halves[0] as string);
    const tail = parse(halves[1] as string);
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return undefined;
    groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  } else if (halves.length === 1) groups = parse(s);
  else return undefined;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : undefined;
}

function v4Class(n: number): AddressClass {
  const a = Math.floor(n / 2 ** 24);
  const b = Math.floor(n / 2 ** 16) % 256;
  const dotted = [a, b, Math.floor(n / 256) % 256, n % 256].join('.');
  if (METADATA_V4.has(dotted)) return 'metadata';
  if (a === 127 || a === 0) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (
    a === 10 ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b < 128)
  )
    return 'private';
  return 'public';
}

/** An IPv6 address: the IPv4 it carries (mapped, compatible, NAT64) decides; an unreadable one is internal. */
function v6Class(v6: string): AddressClass {
  const g = groupsOf(v6);
  if (!g) return 'internal';
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const v4 = (g[6] as number) * 65536 + (g[7] as number);
  if (zeros(0, 7) && (g[7] === 0 || g[7] === 1)) return 'loopback';
  if ((zeros(0, 5) && g[5] === 0xffff) || zeros(0, 6)) return v4Class(v4);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Class(v4);
  if (g[0] === 0xfd00 && g[1] === 0xec2 && zeros(2, 7) && g[7] === 0x254) return 'metadata';
  const first = g[0] as number;
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

/** The class of a host name or address as written in a URL, `user@host` or a bare host. */
export function addressClass(raw: string): AddressClass {
  let h = raw.toLowerCase().trim();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  // An IPv6 zone (`fe80::1%eth0`) names the interface, not the address.
  if (h.includes(':')) return v6Class(h.replace(/%.*$/, ''));
  // A client decodes a name's percent escapes (curl reaches `localhost.evil.com` for `localhost%2eevil.com`).
  if (h.includes('%')) {
    try {
      h = decodeURIComponent(h).toLowerCase();
    } catch {
      return 'public';
    }
    if (!/^[a-z0-9._-]+$/.test(h)) return 'public';
  }
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h === '') return 'internal';
  const v4 = ipv4Value(h);
  if (v4 !== undefined) return v4Class(v4);
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(h)) return 'metadata';
  if (INTERNAL_NAMES.has(h) || INTERNAL_SUFFIXES.some((s) => h.endsWith(s)) || !h.includes('.'))
    return 'internal';
  return 'public';
}
