import type { FastifyInstance } from 'fastify';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Finds the files of one queued mail by the row it refers to (`ref_id`), when the mail is sent. */
type AttachmentSource = (app: FastifyInstance, refId: string) => Promise<MailAttachment[]>;

const sources = new Map<string, AttachmentSource>();

/**
 * Mail of this kind is sent with the files `source` reads for its ref id: the outbox keeps a reference, not the
 * bytes, and the files are read from storage at each sending attempt (a failed read is a failed attempt,
 * retried like an SMTP failure). A module registers its kinds when its routes are registered.
 */
export function attachToMailKind(kind: string, source: AttachmentSource): void {
  sources.set(kind, source);
}

export async function attachmentsOf(
  app: FastifyInstance,
  mail: { kind: string; refId: string | null },
): Promise<MailAttachment[]> {
  const source = sources.get(mail.kind);
  return source && mail.refId ? source(app, mail.refId) : [];
}
