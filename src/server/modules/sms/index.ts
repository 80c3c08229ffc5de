// The SMS module's public face (decision 0054): messages are queued inside the caller's transaction and sent by
// the worker through the provider the environment configures; without one, nothing is sent.

export { dropQueuedSms, enqueueSms, rewriteQueuedSms } from './outbox';
export { smsConfigured } from './provider';
export { deliverDueSms, sendSmsSoon, startSmsWorker } from './worker';
