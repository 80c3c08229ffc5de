import { type Attributes, type Span, type SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { currentRequest } from './request-context';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces"): off unless OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; then the standard OTEL_* variables configure the export (protocol,
 * headers, service name, sampler). The spans are made here, not by patching modules: a request's (with its route
 * pattern, plugins/tracing.ts), each database statement's (db/instrument.ts), and each mail, push notification
 * and storage call's. Without the SDK started, the API's tracer makes no-op spans that cost next to nothing.
 */
const tracer = () => trace.getTracer('link-realestate');

/** The request id every span carries, as every log line does (`reqId`). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';

/** A span under the active one, carrying the running request's id. */
export function startSpan(name: string, options: { kind?: SpanKind; attributes?: Attributes } = {}): Span {
  const requestId = currentRequest()?.requestId;
  return tracer().startSpan(name, {
    ...(options.kind !== undefined ? { kind: options.kind } : {}),
    attributes: { ...options.attributes, ...(requestId ? { [REQUEST_ID_ATTRIBUTE]: requestId } : {}) },
  });
}

/** Runs `work` in a span of its own (an outbound call: a mail, a push notification, a storage request). */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: () => Promise<T>,
): Promise<T> {
  const span = startSpan(name, options);
  try {
    return await work();
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

/** Whether the standard variables ask for traces to be exported. */
export const tracingConfigured = (env: NodeJS.ProcessEnv) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== 'true' &&
  env.OTEL_TRACES_EXPORTER !== 'none';

/**
 * Starts the OpenTelemetry SDK when the OTEL_* variables ask for it; returns what flushes and stops it, or
 * undefined when tracing is off. Traces only: the metrics are Prometheus's (/metrics) and the logs go to
 * stdout, so OTEL_METRICS_EXPORTER and OTEL_LOGS_EXPORTER default to `none` here.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env) {
  if (!tracingConfigured(env)) return undefined;
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  env.OTEL_SERVICE_NAME ??= 'link-realestate';
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({ instrumentations: [] });
  sdk.start();
  return () => sdk.shutdown();
}
