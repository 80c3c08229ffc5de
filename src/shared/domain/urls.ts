// A path on this site: one leading slash, then URL path characters only. No second slash or backslash
// after the first (browsers read '//host' and '/\host' as another host), no backslash anywhere, no spaces
// or control characters, no scheme.
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/** True for a path on this site ('/uploads/users/a.webp'), never a link that a browser sends elsewhere. */
export const isSitePath = (value: string) => SITE_PATH.test(value) && !/%(2f|5c)/i.test(value.slice(0, 4));

/** True for an absolute http(s) link ('https://example.com/x'). */
export const isHttpUrl = (value: string) => /^https?:\/\/[^\s\\/][^\s\\]*$/i.test(value);
