import { SIDE_LABELS } from '@shared/domain/brokerage-order';
import { formatDate } from '@shared/domain/israel-time';
import { leadUrl } from '../leads';
import type { OutgoingMail } from '../mail';
import type { OrderRow } from './access';

/**
 * The mails of a signed order: to the client (when an e-mail is known) and to the agent. They are returned, not
 * queued, so the caller queues them in the signing transaction and the PDF step can add its attachment to each.
 */
export function signedOrderMails(
  order: OrderRow,
  agent: { email: string; name: string } | null,
  appOrigin: string,
): OutgoingMail[] {
  const date = order.signedAt ? formatDate(order.signedAt) : '';
  const properties = order.properties.map((p) => `- ${p.address}`).join('\n');
  const fingerprint = `טביעת האצבע (SHA-256) של נוסח ההזמנה החתום: ${order.htmlSha256 ?? ''}`;
  const what = order.kind === 'exclusivity' ? 'הזמנת שירותי התיווך בבלעדיות' : 'הזמנת שירותי התיווך';
  const mails: OutgoingMail[] = [];
  if (order.clientEmail) {
    mails.push({
      kind: 'order-signed-client',
      refId: order.id,
      to: order.clientEmail,
      subject: `${what} נחתמה – ${order.agencyName}`,
      text: [
        `שלום ${order.clientName},`,
        '',
        `תודה, ${what} שלך מ${order.agencyName} נחתמה בתאריך ${date}.`,
        `המתווך: ${order.brokerName}, רישיון ${order.brokerLicence}.`,
        'הנכסים:',
        properties,
        '',
        fingerprint,
        `מספר ההזמנה: ${order.id}`,
      ].join('\n'),
    });
  }
  if (agent) {
    mails.push({
      kind: 'order-signed-agent',
      refId: order.id,
      to: agent.email,
      subject: `${order.clientName} חתם/ה על ${what}`,
      text: [
        `שלום ${agent.name},`,
        '',
        `${order.clientName} (${SIDE_LABELS[order.side]}) חתם/ה על ${what} בתאריך ${date}.`,
        'הנכסים:',
        properties,
        '',
        fingerprint,
        order.leadId ? `לצפייה בליד: ${new URL(leadUrl(order.leadId), appOrigin).href}` : '',
      ]
        .filter((line, i, all) => line !== '' || i < all.length - 1)
        .join('\n'),
    });
  }
  return mails;
}
