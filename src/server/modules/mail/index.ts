// The mail module's public face: mail is queued inside the caller's transaction and sent by the worker.

export { attachToMailKind, type MailAttachment } from './attachments';
export {
  dropQueuedMail,
  enqueueInTransaction,
  enqueueMail,
  type OutgoingMail,
  rewriteQueuedMail,
  type Transaction,
} from './outbox';
export { mailRoutes } from './routes';
export { deliverDueMail, logQueuedMail, startOutboxWorker } from './worker';
