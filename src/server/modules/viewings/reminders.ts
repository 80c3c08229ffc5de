import { formatTime } from '@shared/domain/israel-time';
import { reminderTime } from '@shared/domain/viewing-reminder';
import { paths } from '@shared/paths';
import { dropQueuedMail, type Transaction } from '../mail';
import { dropQueuedPush, enqueuePush } from '../push';
import { queueVisitorMail, type VisitorMailContext } from './mail';
import type { ViewingRow } from './rules';

const reminderKey = (viewing: Pick<ViewingRow, 'id' | 'sequence'>) =>
  `viewing-reminder:${viewing.id}:${viewing.sequence}`;

/**
 * Queues the reminders of a confirmed viewing, two hours before it (or at the last allowed minute before, see
 * reminderTime): a mail to the visitor who gave an e-mail, a push to the agent. Both wait in their outbox,
 * which sends each once however many processes run.
 */
export async function queueReminders(tx: Transaction, ctx: VisitorMailContext): Promise<void> {
  const { viewing } = ctx;
  if (viewing.status !== 'confirmed') return;
  const at = reminderTime(viewing.startsAt, ctx.now);
  if (!at) return;
  await queueVisitorMail(tx, 'reminder', ctx, { notBefore: at });
  if (viewing.agentId)
    await enqueuePush(
      tx,
      viewing.agentId,
      'nextTouchDue',
      {
        title: `תזכורת: ביקור ב־${formatTime(viewing.startsAt)}`,
        body: `${viewing.visitorName}, ${viewing.visitorPhone}: ${ctx.property.address}`,
        url: paths.myDay(),
      },
      { dedupeKey: reminderKey(viewing), at, now: ctx.now },
    );
}

/** Takes back the reminders not yet sent of a viewing as it was (before a move or a cancellation). */
export async function dropReminders(tx: Transaction, viewing: ViewingRow): Promise<void> {
  await dropQueuedMail(tx, 'viewing-reminder', viewing.id);
  if (viewing.agentId) await dropQueuedPush(tx, viewing.agentId, reminderKey(viewing));
}
