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

/**
 * Whether an endpoint is a known push service on its https port (443; no other port of those hosts), or on one
 * of `extraHosts` (PUSH_SERVICE_HOSTS, the operator's own service, at any port).
 */
export function isKnownPushService(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (extraHosts.some((known) => matches(host, known))) return true;
  return (
    url.protocol === 'https:' && url.port === '' && KNOWN_PUSH_HOSTS.some((known) => matches(host, known))
  );
}
