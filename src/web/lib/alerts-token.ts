/**
 * The private link's token, once the visitor opened their link in this browser (docs/alerts.md): the heart and
 * "save search" then write through it. Kept in localStorage; forgotten when the server no longer knows it.
 */
const KEY = 'alerts-token';

export function storedAlertsToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberAlertsToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the browser simply does not remember the link.
  }
}
