import { formatDate, formatTime } from '@shared/domain/israel-time';
import { VIEWING_ORDER_LABELS, type ViewingOrderState } from '@shared/domain/viewing-order';
import { paths } from '@shared/paths';
import type { ViewingOutcome } from '@shared/schemas/viewing-outcome';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { viewingsStaff as t } from '@web/i18n/viewings-staff';
import { ApiError, apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ViewingOutcomeForm } from './viewing-outcome';

type StaffViewing = {
  _id: string;
  status: string;
  startsAt: string;
  proposals: string[];
  address: string;
  city: string;
  visitorName: string;
  visitorPhone: string;
  leadId: string | null;
  endsAt: string;
  outcome: ViewingOutcome | null;
  escalatedAt?: string | null;
  order?: { state: ViewingOrderState; id: string | null; problem: string | null };
};

const KEY = ['viewings', 'my-day'] as const;
/** How far back a viewing still asks for its outcome, and how long a recorded outcome stays on the list. */
const OUTCOME_DAYS = 14;
const RESULT_SHOWN_MS = 12 * 3_600_000;

/** Past viewings stay while they wait for their outcome, or a while after it was recorded. */
const stillShown = (v: StaffViewing, now: number) =>
  new Date(v.endsAt).getTime() > now ||
  (v.status === 'confirmed' && !v.outcome) ||
  (!!v.outcome && now - new Date(v.outcome.recordedAt).getTime() < RESULT_SHOWN_MS);
const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatDate(at)} ${formatTime(at)}`;
};

function useUpcomingViewings() {
  // The range is fixed when the page opens, so the query key stays one. It reaches a week back, for the
  // viewings still waiting for their outcome.
  const [range] = useState(() => {
    const now = Date.now();
    return {
      from: new Date(now - OUTCOME_DAYS * 86_400_000).toISOString(),
      to: new Date(now + 14 * 86_400_000).toISOString(),
    };
  });
  return useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (
        await apiRequest<{ data: { viewings: StaffViewing[] } }>(
          `/viewings?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
        )
      ).data.viewings,
  });
}

function useViewingAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, startsAt }: { id: string; action: 'confirm' | 'cancel'; startsAt?: string }) =>
      apiRequest(`/viewings/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: action === 'confirm' ? { startsAt } : undefined,
      }),
    onSuccess: (_r, v) => toast.success(v.action === 'confirm' ? t.confirmed : t.cancelled),
    onError: (err) => toast.error(err instanceof ApiError ? err.message : t.failure),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * Whether the visitor signed the brokerage order sent with the confirmation, with a link to it (on the lead's
 * page, where its orders are listed), or why none could be sent.
 */
function OrderLine({ order, leadId }: { order: NonNullable<StaffViewing['order']>; leadId: string | null }) {
  const label = `${t.order.label}: ${VIEWING_ORDER_LABELS[order.state]}`;
  return (
    <div className="text-sm">
      <p className={order.state === 'signed' ? 'text-emerald-800' : 'text-amber-800'}>
        {order.id && leadId ? (
          <Link to={paths.leadView(leadId)} className="underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </p>
      {order.problem && <p className="text-slate-700">{t.order.problem(order.problem)}</p>}
    </div>
  );
}

/** The agent's viewings of the next two weeks: requests confirmed in one tap at a proposed time, or cancelled. */
export function MyDayViewings() {
  const id = useId();
  const list = useUpcomingViewings();
  const act = useViewingAction();
  const client = useQueryClient();
  const now = Date.now();
  const items = (list.data ?? []).filter((v) => stillShown(v, now));
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid="my-day-viewings">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {t.title} ({items.length})
      </h2>
      {list.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">{t.empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((v) => (
            <li key={v._id} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
              <p className="font-semibold">
                {v.status === 'requested' ? t.status.requested : when(v.startsAt)} · {t.status[v.status]}
              </p>
              {v.status === 'requested' && v.escalatedAt && (
                <p className="text-sm font-medium text-amber-800">{t.escalated}</p>
              )}
              <p>
                {v.leadId ? (
                  <Link to={paths.leadView(v.leadId)} className="text-brand-800 underline">
                    {v.visitorName}
                  </Link>
                ) : (
                  v.visitorName
                )}{' '}
                ·{' '}
                <a href={`tel:${v.visitorPhone}`} dir="ltr" className="underline">
                  {v.visitorPhone}
                </a>
              </p>
              <p className="text-sm text-slate-700">
                {v.address}, {v.city}
              </p>
              {v.order && <OrderLine order={v.order} leadId={v.leadId} />}
              {new Date(v.startsAt).getTime() <= now && (v.status === 'confirmed' || v.outcome) ? (
                <ViewingOutcomeForm
                  viewingId={v._id}
                  outcome={v.outcome}
                  onSaved={() => client.invalidateQueries({ queryKey: KEY })}
                />
              ) : (
                <div className="flex flex-wrap gap-2">
                  {v.status === 'requested' &&
                    v.proposals.map((p) => (
                      <Button
                        key={p}
                        type="button"
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: v._id, action: 'confirm', startsAt: p })}
                      >
                        {t.confirmAt(when(p))}
                      </Button>
                    ))}
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ id: v._id, action: 'cancel' })}
                  >
                    {t.cancel}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
