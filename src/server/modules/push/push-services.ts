/**
 * The push services of the browsers that can install the app: Chrome, Edge, Samsung Internet and Opera
 * (Firebase Cloud Messaging, Windows Push), Firefox (Mozilla autopush) and Safari (Apple). The server posts to
 * whatever endpoint a subscription names, so an endpoint elsewhere is refused: it would let a signed-in user
 * make the server send requests to any host.
 */
const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

const matches = (host: string, known: string) =>
  known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known;

/** Names that resolve inside the server's own network: localhost and the reserved local and internal suffixes. */
const LOCAL_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

function ipv4Parts(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  return parts.map(Number);
}

function isInternalIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 || // private
    a === 127 || // loopback
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata services
    (a === 172 && b! >= 16 && b! <= 31) || // private
    (a === 192 && b === 168) || // private
    a! >= 224 // multicast and reserved
  );
}

function isInternalIpv6(address: string): boolean {
  if (address === '::' || address === '::1') return true;
  const mapped = /^::ffff:(.+)$/.exec(address)?.[1];
  if (mapped) {
    // The URL parser writes a mapped IPv4 address in hex: ::ffff:7f00:1 is 127.0.0.1.
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(mapped);
    if (hex) {
      const high = Number.parseInt(hex[1]!, 16);
      const low = Number.parseInt(hex[2]!, 16);
      return isInternalIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    }
    const parts = ipv4Parts(mapped);
    return parts ? isInternalIpv4(parts) : true;
  }
  const first = Number.parseInt(address.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 // multicast
  );
}

/**
 * Whether a host (as the URL parser writes it: IPv4 in dotted decimal, IPv6 in brackets, names in lower case)
 * is inside the server's own network: loopback, private, link-local and reserved addresses, localhost and local
 * names, and single-label names a resolver completes with a local search domain.
 */
export function isInternalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[') && name.endsWith(']')) return isInternalIpv6(name.slice(1, -1));
  const parts = ipv4Parts(name);
  if (parts) return isInternalIpv4(parts);
  if (name === 'localhost' || !name.includes('.')) return true;
  return LOCAL_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * Whether an endpoint is a known push service on its https port (443; no other port of those hosts), or on one
 * of `extraHosts` (PUSH_SERVICE_HOSTS, the operator's own service, at any port). An address inside the server's
 * own network passes only when the operator names that very host in PUSH_SERVICE_HOSTS (a self-hosted service
 * beside the app); no built-in entry and no `.domain` entry ever admits one.
 */
export function isKnownPushService(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (isInternalHost(host)) return extraHosts.includes(host);
  if (extraHosts.some((known) => matches(host, known))) return true;
  return (
    url.protocol === 'https:' && url.port === '' && KNOWN_PUSH_HOSTS.some((known) => matches(host, known))
  );
}
