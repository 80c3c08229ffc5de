import { createServer } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverDueMail } from '../modules/mail';
import { createTestApp } from '../test/test-app';
import { REQUEST_ID_ATTRIBUTE, startTracing, tracingConfigured } from './tracing';

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
};
type ExportRequest = {
  resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: ExportedSpan[] }[] }[];
};

/** A stand-in OTLP/HTTP collector: keeps every trace export it receives (JSON). */
async function startCollector() {
  const received: { path: string; body: ExportRequest }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const attributeOf = (attributes: Attribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? Number(value.intValue) : undefined);
};

const OTEL_KEYS = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_METRICS_EXPORTER',
  'OTEL_LOGS_EXPORTER',
  'OTEL_SERVICE_NAME',
];
const saved = Object.fromEntries(OTEL_KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const key of OTEL_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  trace.disable();
  context.disable();
  propagation.disable();
});

describe('OpenTelemetry tracing', () => {
  it('is off unless an OTLP endpoint is set', async () => {
    expect(tracingConfigured({})).toBe(false);
    expect(await startTracing({})).toBeUndefined();
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
  });

  it("exports a request's span, named by its route pattern, with its database spans under it", async () => {
    const collector = await startCollector();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.endpoint;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
      const stop = await startTracing(process.env);
      expect(stop).toBeDefined();
      const app = await createTestApp();
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const id = crypto.randomUUID();
      const answer = await app.inject({
        url: `/api/v1/property/${id}`,
        headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01`, 'x-request-id': 'request-under-test' },
      });
      expect(answer.statusCode).toBe(404);
      // An outbound call outside any request: a mail handed to the transport.
      await app.db.execute(
        sql`insert into mail_outbox (kind, "to", subject, text) values ('test', 'a@example.com', 'נושא', 'טקסט')`,
      );
      expect(await deliverDueMail(app, nodemailer.createTransport({ jsonTransport: true }))).toBe(1);
      await stop?.();

      const exports = collector.received.filter((r) => r.path === '/v1/traces');
      expect(exports.length).toBeGreaterThan(0);
      const resources = exports.flatMap((e) => e.body.resourceSpans);
      expect(attributeOf(resources[0]?.resource.attributes ?? [], 'service.name')).toBe('link-realestate');
      const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      const server = spans.find((s) => s.name === 'GET /api/v1/property/:id');
      expect(server).toBeDefined();
      expect(server?.kind).toBe(2); // SERVER
      // The caller's trace goes on; the raw URL is not the span's name.
      expect(server?.traceId).toBe(traceId);
      expect(server?.parentSpanId).toBe('b7ad6b7169203331');
      expect(attributeOf(server?.attributes ?? [], 'http.route')).toBe('/api/v1/property/:id');
      expect(attributeOf(server?.attributes ?? [], 'http.response.status_code')).toBe(404);
      expect(attributeOf(server?.attributes ?? [], REQUEST_ID_ATTRIBUTE)).toBe('request-under-test');
      const queries = spans.filter((s) => s.parentSpanId === server?.spanId && s.kind === 3); // CLIENT
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        expect(query.traceId).toBe(traceId);
        expect(attributeOf(query.attributes, REQUEST_ID_ATTRIBUTE)).toBe('request-under-test');
        expect(attributeOf(query.attributes, 'db.system.name')).toBe(
          app.dbHandle.kind === 'postgres' ? 'postgresql' : 'pglite',
        );
      }
      const mail = spans.find((s) => s.name === 'smtp send');
      expect(mail?.kind).toBe(3);
      expect(attributeOf(mail?.attributes ?? [], 'mail.kind')).toBe('test');
    } finally {
      await collector.close();
    }
  });
});
