import { type ChildProcess, spawn } from 'node:child_process';
import { type IncomingHttpHeaders, request } from 'node:http';
import { createInterface } from 'node:readline';
import { appRoot } from '../lib/app-root';

export type LogLine = { pid: number; msg: string; [field: string]: unknown };

/**
 * `src/server/main.ts` run as `npm start` runs it (through tsx), with only the given environment, and its
 * JSON log lines as they come: tests wait for the line they expect instead of sleeping.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly lines: LogLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  private stderr = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: appRoot(),
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => resolve({ code, signal }));
    });
    this.child.stderr!.on('data', (chunk) => {
      this.stderr += chunk;
    });
    createInterface({ input: this.child.stdout! }).on('line', (text) => {
      let line: LogLine;
      try {
        line = JSON.parse(text);
      } catch {
        return;
      }
      this.lines.push(line);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(line)) return true;
        waiter.resolve(line);
        return false;
      });
    });
  }

  /** The first log line (already written or to come) that matches; fails if the server exits first. */
  waitFor(match: (line: LogLine) => boolean): Promise<LogLine> {
    const seen = this.lines.find(match);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<LogLine>((resolve) => this.waiters.push({ match, resolve })),
      this.exited.then(({ code, signal }) => {
        throw new Error(`server exited (${code ?? signal}) before the expected log line: ${this.stderr}`);
      }),
    ]);
  }

  /** The pids that logged "Server listening at ..." and the port they listen on. */
  listening() {
    const lines = this.lines.filter((line) => line.msg.startsWith('Server listening at '));
    return { pids: lines.map((line) => line.pid), port: Number(lines[0]?.msg.split(':').at(-1)) };
  }

  /** The pid of the server process that logged this request (matched by the client's port). */
  async servedBy(answer: { localPort: number }): Promise<number> {
    const line = await this.waitFor(
      (l) =>
        l.msg === 'request completed' && (l.req as { remotePort?: number }).remotePort === answer.localPort,
    );
    return line.pid;
  }

  stop(signal: NodeJS.Signals = 'SIGTERM') {
    this.child.kill(signal);
    return this.exited;
  }
}

type Sent = {
  method?: string;
  path: string;
  json?: unknown;
  cookie?: string;
  /** A body as it is (a multipart form), with the headers it needs. */
  body?: Buffer;
  headers?: Record<string, string>;
};
type Answer = {
  status: number;
  body: string;
  bytes: Buffer;
  headers: IncomingHttpHeaders;
  setCookie: string[];
  localPort: number;
};

/** A request on a new connection (no keep-alive): the cluster hands each connection to the next worker. */
export function onNewConnection(
  port: number,
  { method = 'GET', path, json, cookie, body, headers = {} }: Sent,
) {
  const payload = json === undefined ? body : JSON.stringify(json);
  const sent: Record<string, string> = { ...headers };
  if (json !== undefined) sent['content-type'] = 'application/json';
  if (cookie) sent.cookie = cookie;
  return new Promise<Answer>((resolve, reject) => {
    let localPort = 0;
    const req = request({ host: '127.0.0.1', port, path, method, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          body: bytes.toString('utf8'),
          bytes,
          headers: res.headers,
          setCookie: res.headers['set-cookie'] ?? [],
          localPort,
        });
      });
    });
    req.on('socket', (socket) => {
      socket.on('connect', () => {
        localPort = socket.localPort ?? 0;
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Whether a process with this pid still exists. */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
