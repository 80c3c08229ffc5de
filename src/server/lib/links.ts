/** An absolute link on this site, always from APP_ORIGIN (never from the request's Host header). */
export function absoluteUrl(appOrigin: string, path: string): string {
  return new URL(path, appOrigin).href;
}
