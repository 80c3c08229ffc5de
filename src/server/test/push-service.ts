import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

export type PushRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};
type Answer = { status: number; delayMs?: number };

/** A self-signed certificate for 127.0.0.1, made with the openssl command (as a real push service has TLS). */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local stand-in for a browser's push service: an HTTPS server that records each Web Push request and
 * answers as told per path (201 by default), and an agent that trusts its certificate.
 */
export class PushServiceStandIn {
  readonly requests: PushRequest[] = [];
  readonly agent: Agent;
  private readonly server: Server;
  private readonly answers = new Map<string, Answer[]>();
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(credentials: { key: Buffer; cert: Buffer }) {
    this.agent = new Agent({ ca: credentials.cert, keepAlive: false });
    this.server = createServer(credentials, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const answer = this.answers.get(path)?.shift() ?? { status: 201 };
        const reply = () => {
          if (answer.status < 300) {
            this.requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
            this.waiters = this.waiters.filter((w) => {
              if (this.requests.length < w.count) return true;
              w.resolve();
              return false;
            });
          }
          res.writeHead(answer.status).end();
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
      });
    });
  }

  static async start(): Promise<PushServiceStandIn> {
    const standIn = new PushServiceStandIn(selfSignedCertificate());
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  endpoint(path: string) {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/${path}`;
  }

  /** The next answers for a device path, in order (then 201 again). */
  answer(path: string, ...answers: Answer[]) {
    this.answers.set(`/${path}`, [...(this.answers.get(`/${path}`) ?? []), ...answers]);
  }

  /** Resolves once this many notifications were accepted. */
  accepted(count: number) {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push({ count, resolve }));
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and how it reads a payload. */
export function fakeDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** RFC 8291: decrypts an aes128gcm Web Push body with the device's private key and auth secret. */
    decrypt(body: Buffer): unknown {
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}
