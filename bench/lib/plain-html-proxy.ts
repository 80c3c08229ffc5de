// The plain-HTML reference of bench:lighthouse: a proxy in front of the server that answers
// `/__plain/<path>` with the server's own HTML of `<path>` without its scripts (no app code, no module preloads,
// no query data), brotli-compressed like the server's pages, and passes every other request through untouched.
// The measured page and its reference are loaded through the same proxy, so both pay the same hop.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

export const PLAIN_PREFIX = '/__plain';

/** The page as plain HTML: every <script> element and every module preload link removed. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '');
}

export async function startPlainHtmlProxy(target: string, port: number): Promise<Server> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && (url === PLAIN_PREFIX || url.startsWith(`${PLAIN_PREFIX}/`))) {
      const path = url.slice(PLAIN_PREFIX.length) || '/';
      fetch(new URL(path, target), { headers: { accept: 'text/html' } })
        .then(async (page) => {
          const html = withoutScripts(await page.text());
          const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
          const body = br
            ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : Buffer.from(html);
          res.writeHead(page.status, {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-cache',
            ...(br ? { 'content-encoding': 'br' } : {}),
          });
          res.end(body);
        })
        .catch((err: unknown) => {
          res.writeHead(502).end(String(err));
        });
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (err) => res.writeHead(502).end(String(err)));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
