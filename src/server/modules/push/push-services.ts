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

/** Whether an endpoint's host is a known push service or one of `extraHosts` (PUSH_SERVICE_HOSTS). */
export function isKnownPushService(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return [...KNOWN_PUSH_HOSTS, ...extraHosts].some((known) =>
    known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
  );
}
