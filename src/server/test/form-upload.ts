import sharp from 'sharp';

/** A multipart body with one file, ready for app.inject (encoded by the platform's own FormData). */
export async function fileUpload(field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** A small real JPEG photo. */
export function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
}
