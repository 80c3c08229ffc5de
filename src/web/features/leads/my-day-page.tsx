import { ORDER_STATUS_LABELS } from '@shared/domain/brokerage-order';
import { paths } from '@shared/paths';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { orders } from '@web/i18n/orders';
import { pipeline } from '@web/i18n/pipeline';
import { formatDate } from '@web/lib/format';
import { useUnsignedOrders } from '@web/lib/orders-api';
import { useSession } from '@web/lib/session';
import { useId } from 'react';
import { Link } from 'react-router';
import { LeadCard } from './lead-card';
import { MyDayViewings } from './my-day-viewings';
import { useMyDay } from './pipeline-api';
import { ViewingAgentBlocks } from './viewing-agent-blocks';
import { ViewingHours } from './viewing-hours';

const t = pipeline.myDay;

function DayList({ title, empty, leads }: { title: string; empty: string; leads: LeadSummary[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title} ({leads.length})
      </h2>
      {leads.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {leads.map((lead) => (
            <li key={lead._id}>
              <LeadCard lead={lead} showOwner={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Orders the agent sent over a day ago that the client has not signed: a reminder to follow up. */
function UnsignedOrders() {
  const id = useId();
  const list = useUnsignedOrders();
  const items = list.data ?? [];
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid="unsigned-orders">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {orders.myDay.title} ({items.length})
      </h2>
      {list.isError ? (
        <p role="alert">{orders.loadFailure}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">{orders.myDay.empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((order) => (
            <li key={order._id} className="rounded-xl bg-white p-4 shadow-sm">
              <p className="font-semibold">{order.clientName}</p>
              <p className="text-sm text-slate-700">
                {ORDER_STATUS_LABELS[order.status]} ·{' '}
                {order.sentAt && orders.sentOn(formatDate(order.sentAt))}
              </p>
              {order.leadId && (
                <Link to={paths.leadView(order.leadId)} className="text-brand-800 underline">
                  {order.properties.map((p) => p.address).join(' · ')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /MyDay ("היום שלי"): an agent's first screen: new leads, overdue follow-ups and today's next touches. */
export function MyDayPage() {
  const { user } = useSession();
  const day = useMyDay();
  return (
    <Page title={t.title} wide>
      {user && <p className="-mt-4 mb-6 text-lg text-slate-700">{t.greeting(user.name, user.gender)}</p>}
      {day.isPending ? (
        <StatusMessage busy>{pipeline.common.loading}</StatusMessage>
      ) : day.isError ? (
        <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>
      ) : (
        <div className="flex flex-col gap-8">
          <DayList title={t.newLeads} empty={t.emptyNew} leads={day.data.newLeads} />
          <DayList title={t.overdue} empty={t.emptyOverdue} leads={day.data.overdue} />
          <DayList title={t.today} empty={t.emptyToday} leads={day.data.today} />
          <MyDayViewings />
          {user && <ViewingHours agentId={user._id} />}
          {user && <ViewingAgentBlocks agentId={user._id} />}
          <UnsignedOrders />
          <Link to={paths.leads()} className="text-brand-800 underline underline-offset-4">
            {t.allLeads}
          </Link>
        </div>
      )}
    </Page>
  );
}
