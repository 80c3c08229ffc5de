import { formatTime } from '@shared/domain/israel-time';
import { reminderTime } from '@shared/domain/viewing-reminder';
import { paths } from '@shared/paths';
import { dropQueuedMail, type Transaction } from '../mail';
import { dropQueuedPush, enqueuePush } from '../push';
import { dropQueuedSms } from '../sms';
import { queueVisitorMail, queueVisitorSms, type VisitorMailContext } from './mail';
import type { ViewingRow } from './rules';

const reminderKey = (viewing: Pick<ViewingRow, 'id' | 'sequence'>) =>
  `viewing-reminder:${viewing.id}:${viewing.sequence}`;

/**
 * Queues the reminders of a confirmed viewing, two hours before it (or at the last allowed minute before, see
 * reminderTime): a mail to the visitor who gave an e-mail, an SMS to the visitor's mobile when a provider is
 * configured, a push to the agent. Each waits in its outbox, which sends it once however many processes run;
 * the SMS is dropped unsent once the viewing started.
 */
export async function queueReminders(tx: Transaction, ctx: VisitorMailContext): Promise<void> {
  const { viewing } = ctx;
  if (viewing.status !== 'confirmed') return;
  const at = reminderTime(viewing.startsAt, ctx.now);
  if (!at) return;
  await queueVisitorMail(tx, 'reminder', ctx, { notBefore: at });
  await queueVisitorSms(tx, 'reminder', ctx, { notBefore: at, expiresAt: viewing.startsAt });
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
  await dropQueuedSms(tx, 'viewing-reminder', viewing.id);
  if (viewing.agentId) await dropQueuedPush(tx, viewing.agentId, reminderKey(viewing));
}
