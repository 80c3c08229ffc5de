// The push module's public face: other modules queue a notification with one call inside their transaction.

export { startDailyReminder } from './daily-reminder';
export { dropQueuedPush, enqueuePush } from './outbox';
export { pushRoutes } from './routes';
export { startPushWorker } from './worker';
