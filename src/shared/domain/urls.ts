// A path on this site: one leading slash, then URL path characters only. No second slash or backslash
// after the first (browsers read '//host' and '/\host' as another host), no backslash anywhere, no spaces
// or control characters, no scheme.
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/** True for a path on this site ('/uploads/users/a.webp'), never a link that a browser sends elsewhere. */
export const isSitePath = (value: string) => SITE_PATH.test(value) && !/%(2f|5c)/i.test(value.slice(0, 4));

/** True for an absolute http(s) link ('https://example.com/x'). */
export const isHttpUrl = (value: string) => /^https?:\/\/[^\s\\/][^\s\\]*$/i.test(value);

/** Characters that are markup or break out of an attribute: never part of a link we keep. */
const MARKUP = /[<>"'`\s\\]/;

/**
 * True for an https link to `hosts` (the host itself or a subdomain: 'https://www.facebook.com/agency'), with
 * no user name or password, no other port and nothing that is markup. No hosts: any https link.
 */
export function isHttpsLinkTo(value: string, hosts: readonly string[] = []): boolean {
  if (MARKUP.test(value) || !/^https:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return hosts.length === 0 || hosts.some((known) => host === known || host.endsWith(`.${known}`));
}
