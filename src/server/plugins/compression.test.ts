import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressAnswer, LARGE_JSON } from './compression';

/** Just what compressAnswer reads of a request and writes to a reply. */
function answer(type: string, acceptEncoding: string) {
  const headers = new Map<string, string>([['content-type', type]]);
  const reply = {
    statusCode: 200,
    getHeader: (name: string) => headers.get(name),
    hasHeader: (name: string) => headers.has(name),
    header(name: string, value: string) {
      headers.set(name, value);
      return reply;
    },
  };
  const request = { headers: { 'accept-encoding': acceptEncoding } };
  return { request: request as unknown as FastifyRequest, reply: reply as unknown as FastifyReply, headers };
}

const rows = (bytes: number) => {
  const row = (i: number) => ({
    agentId: `agent-${i}`,
    meetings: { actual: i % 7, goal: 40, percentage: null },
  });
  const list = [];
  for (let i = 0; JSON.stringify(list).length < bytes; i++) list.push(row(i));
  return Buffer.from(JSON.stringify({ status: 'success', data: list }));
};
const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

describe('compression levels', () => {
  it('compresses JSON of 64 KB and more at the fast levels, and smaller JSON and pages at the usual ones', () => {
    const large = rows(LARGE_JSON);
    const small = rows(LARGE_JSON / 4);
    const json = 'application/json; charset=utf-8';
    const html = 'text/html; charset=utf-8';

    const br = answer(json, 'gzip, deflate, br');
    const largeBr = compressAnswer(br.request, br.reply, large)!;
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(largeBr).toEqual(brotli(large, 1));
    expect(brotliDecompressSync(largeBr)).toEqual(large);

    const gz = answer(json, 'gzip');
    const largeGzip = compressAnswer(gz.request, gz.reply, Buffer.from(large))!;
    expect(largeGzip).toEqual(gzipSync(large, { level: 1 }));
    expect(gunzipSync(largeGzip)).toEqual(large);

    const smallJson = answer(json, 'br');
    expect(compressAnswer(smallJson.request, smallJson.reply, small)).toEqual(brotli(small, 3));
    const page = answer(html, 'br');
    const largePage = Buffer.from(large);
    expect(compressAnswer(page.request, page.reply, largePage)).toEqual(brotli(largePage, 3));
  });
});
