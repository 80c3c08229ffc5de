/** An image named by a legacy record: a URL on an outside host (kept) or a file name (imported from disk). */
export type ImageRef = { kind: 'url'; url: string } | { kind: 'file'; name: string };

export function imageRefOf(value: unknown): ImageRef | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.startsWith('data:')) return null;
  if (/^https?:\/\//i.test(text)) return { kind: 'url', url: text };
  if (text.startsWith('//')) return { kind: 'url', url: `https:${text}` };
  return { kind: 'file', name: text };
}
