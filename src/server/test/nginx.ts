import { type ChildProcess, execFileSync, execSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';
export const SHIPPED_CONFIG = join(import.meta.dirname, '..', '..', '..', 'deploy', 'nginx.conf');

/**
 * Makes sure Debian's nginx is installed (installed with apt-get when running as root, as
 * scripts/ensure-browser.mjs does for Chromium). Answers why not when it cannot be.
 */
export function ensureNginx(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(NGINX)) return { ok: true };
  if (process.getuid?.() !== 0)
    return {
      ok: false,
      reason: 'nginx is not installed and this user cannot install it (apt-get install nginx)',
    };
  try {
    const apt = 'apt-get -o DPkg::Lock::Timeout=600 -qq';
    execSync(
      `flock /tmp/link-ensure-nginx.lock sh -c 'test -x ${NGINX} || (${apt} update && DEBIAN_FRONTEND=noninteractive ${apt} install -y nginx)'`,
      { stdio: 'ignore' },
    );
  } catch (err) {
    return { ok: false, reason: `installing nginx failed: ${(err as Error).message}` };
  }
  return existsSync(NGINX) ? { ok: true } : { ok: false, reason: 'nginx is still missing after apt-get' };
}

/** Replaces `from` with `to` in the shipped configuration, failing loudly when the file no longer has it. */
function replaceOnce(config: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? config.includes(from) : from.test(config);
  if (!found)
    throw new Error(`deploy/nginx.conf no longer contains ${from}: update src/server/test/nginx.ts`);
  return config.replace(from, to);
}

export type RunningNginx = {
  httpsUrl: string;
  httpUrl: string;
  /** The master's and workers' process ids (for their CPU time). */
  pids: () => number[];
  /** Each answer's cache status (HIT, MISS, BYPASS, STALE...), from its access log, counted. */
  cacheStatuses: () => Map<string, number>;
  stop: () => Promise<void>;
};

const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Runs the shipped deploy/nginx.conf on this machine in front of the servers on `upstreamPort`: the same file,
 * with only its machine-specific lines replaced (ports, a self-signed certificate, a private cache folder,
 * logs and pid file under a temporary folder).
 */
export async function startNginx(
  upstreamPort: number | number[],
  ports: { http: number; https: number },
): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  mkdirSync(join(dir, 'cache'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  let config = readFileSync(SHIPPED_CONFIG, 'utf8');
  // As root, workers run as the package's www-data, as in production; otherwise as this user.
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o711);
    execFileSync('chown', ['www-data', join(dir, 'cache')]);
  } else config = replaceOnce(config, 'user www-data;', '');
  config = replaceOnce(config, 'pid /run/nginx.pid;', `pid ${join(dir, 'nginx.pid')};`);
  config = replaceOnce(
    config,
    'error_log /var/log/nginx/error.log warn;',
    `error_log ${join(dir, 'error.log')} warn;`,
  );
  config = replaceOnce(
    config,
    'access_log /var/log/nginx/access.log;',
    `log_format cache_status '$upstream_cache_status';\n    access_log ${join(dir, 'access.log')} cache_status;`,
  );
  config = replaceOnce(
    config,
    'proxy_cache_path /var/cache/nginx/agency',
    `proxy_cache_path ${join(dir, 'cache')}`,
  );
  // The example machines become the test's servers, with the shipped failure settings.
  const servers = (Array.isArray(upstreamPort) ? upstreamPort : [upstreamPort])
    .map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=5s;`)
    .join('\n        ');
  config = replaceOnce(
    config,
    /server 10\.0\.0\.11:3000 max_fails=3 fail_timeout=5s;\s+server 10\.0\.0\.12:3000 max_fails=3 fail_timeout=5s;/,
    servers,
  );
  config = replaceOnce(config, /listen \[::\]:80;\n/, '');
  config = replaceOnce(config, /listen \[::\]:443 ssl http2;\n/, '');
  config = replaceOnce(config, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  config = replaceOnce(config, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`);
  config = replaceOnce(config, /ssl_certificate \/etc\/\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  config = replaceOnce(
    config,
    /ssl_certificate_key \/etc\/\S+;/,
    `ssl_certificate_key ${join(dir, 'key.pem')};`,
  );
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  execFileSync(NGINX, ['-t', '-q', '-c', file, '-e', join(dir, 'error.log')], { stdio: 'pipe' });
  const child: ChildProcess = spawn(NGINX, ['-c', file, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  // Started once it accepts connections (polled; nginx binds within milliseconds).
  for (let i = 0; !(await free(ports.https)); i++) {
    if (child.exitCode !== null || i > 500)
      throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    httpsUrl: `https://localhost:${ports.https}`,
    httpUrl: `http://localhost:${ports.http}`,
    pids: () => {
      const pid = child.pid!;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
    },
    cacheStatuses: () => {
      const counts = new Map<string, number>();
      for (const line of readFileSync(join(dir, 'access.log'), 'utf8').split('\n')) {
        if (line) counts.set(line, (counts.get(line) ?? 0) + 1);
      }
      return counts;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
