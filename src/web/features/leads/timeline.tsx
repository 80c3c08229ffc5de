import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityKind } from '@shared/domain/activities';
import { LEAD_STATUS_LABELS } from '@shared/domain/pipeline';
import type { Activity } from '@shared/schemas/pipeline';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { money } from '@web/i18n/money';
import { pipeline } from '@web/i18n/pipeline';
import { formatPrice } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { type ActivityDraft, ActivityForm, EMPTY_DRAFT } from './activity-form';
import { DealStatementPanel } from './deal-statement';
import { EntryMenu } from './entry-menu';
import { formatDateTime, toIsraelLocalInput } from './format';
import { useDeleteActivity, useUpdateActivity } from './pipeline-api';
import { showError } from './show-error';

const t = pipeline.activity;
const isLoggable = (kind: Activity['kind']): kind is ActivityKind =>
  (ACTIVITY_KINDS as readonly string[]).includes(kind);

const draftOf = (a: Activity): ActivityDraft => ({
  ...EMPTY_DRAFT,
  note: a.note,
  occurredAt: toIsraelLocalInput(a.occurredAt),
  amount: a.amount === null ? '' : String(a.amount),
  price: a.price === null ? '' : String(a.price),
  // A deal typed per side is edited per side; one typed as one figure keeps its commission box.
  commission:
    a.commission === null || a.buyerSideFee !== null || a.sellerSideFee !== null ? '' : String(a.commission),
  buyerSideFee: a.buyerSideFee === null ? '' : String(a.buyerSideFee),
  buyerSideFeeIncludesVat: a.buyerSideFeeIncludesVat ? 'yes' : '',
  sellerSideFee: a.sellerSideFee === null ? '' : String(a.sellerSideFee),
  sellerSideFeeIncludesVat: a.sellerSideFeeIncludesVat ? 'yes' : '',
  secondAgentId: a.shares.find((s) => s.agent._id !== a.agent?._id)?.agent._id ?? '',
  secondAgentCommission: String(a.shares.find((s) => s.agent._id !== a.agent?._id)?.amount ?? ''),
});

/**
 * Who an entry is by: an assignment says who got the lead and whether the routing rules or a person gave it
 * ("שויך אוטומטית לנועה ביטון", "הועבר לנועה ביטון על ידי מנהל המשרד"); anything else, the agent it counts for.
 */
function byLine(entry: Activity): string | null {
  if (entry.kind !== 'assignment') return entry.agent ? t.by(entry.agent.name) : null;
  const agent = entry.agent?.name ?? t.noAgent;
  if (!entry.createdBy) return t.assignedAutomatically(agent);
  if (entry.createdBy._id === entry.agent?._id)
    return `${t.assignedTo(agent)} · ${t.by(entry.createdBy.name)}`;
  return t.movedTo(agent, entry.createdBy.name);
}

/**
 * The contact's whole story, newest first: what agents logged, stage changes and assignments. With several
 * leads of the contact, `leadLabels` names the lead each entry belongs to.
 */
export function Timeline({
  entries,
  ownerId,
  leadLabels,
}: {
  entries: Activity[];
  ownerId?: string;
  leadLabels?: Record<string, string>;
}) {
  if (entries.length === 0) return <p className="text-slate-600">{pipeline.lead.emptyTimeline}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {entries.map((entry) => (
        <TimelineEntry
          key={entry._id}
          entry={entry}
          ownerId={ownerId}
          leadLabel={leadLabels?.[entry.leadId]}
        />
      ))}
    </ol>
  );
}

function TimelineEntry({
  entry,
  ownerId,
  leadLabel,
}: {
  entry: Activity;
  ownerId?: string;
  leadLabel?: string;
}) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [statementOpen, setStatementOpen] = useState(false);
  const update = useUpdateActivity();
  const remove = useDeleteActivity();
  const label = ACTIVITY_KIND_LABELS[entry.kind];
  const when = formatDateTime(entry.occurredAt);
  // An agent corrects what it logged itself; an admin anything logged. Stage changes and assignments stay.
  const mine = user?.role === 'admin' || entry.agent?._id === user?._id || entry.createdBy?._id === user?._id;
  const editable = isLoggable(entry.kind) && mine;
  // A deal's statement: its agents, and the admins of its branch (the server decides; this only hides the button).
  const seesStatement =
    entry.kind === 'deal' &&
    (user?.role === 'admin' ||
      entry.agent?._id === user?._id ||
      entry.shares.some((share) => share.agent._id === user?._id));
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-brand-900">
          {label}
          {entry.kind === 'status' && entry.fromStatus && entry.toStatus && (
            <span className="ms-2 font-normal">
              {t.statusChange(LEAD_STATUS_LABELS[entry.fromStatus], LEAD_STATUS_LABELS[entry.toStatus])}
            </span>
          )}
        </p>
        <div className="flex items-center gap-1">
          <time dateTime={entry.occurredAt} className="text-sm text-slate-700">
            {when}
          </time>
          {editable && !editing && (
            <EntryMenu
              label={label}
              when={when}
              onEdit={() => setEditing(true)}
              onRemove={() => setConfirming(true)}
            />
          )}
        </div>
      </div>
      {leadLabel && <p className="text-sm font-medium text-brand-800">{t.ofLead(leadLabel)}</p>}
      {byLine(entry) && <p className="text-sm text-slate-700">{byLine(entry)}</p>}
      {entry.amount !== null && <p className="text-sm">{t.amount(formatPrice(entry.amount))}</p>}
      {entry.price !== null && entry.commission !== null && (
        <p className="text-sm">{t.deal(formatPrice(entry.price), formatPrice(entry.commission))}</p>
      )}
      {entry.shares.length > 1 && (
        <ul className="text-sm">
          {entry.shares.map((share) => (
            <li key={share.agent._id}>{t.share(share.agent.name, formatPrice(share.amount))}</li>
          ))}
        </ul>
      )}
      {seesStatement && (
        <div className="mt-1">
          <Button
            variant="secondary"
            className="px-2 py-1 text-sm"
            aria-expanded={statementOpen}
            onClick={() => setStatementOpen((open) => !open)}
          >
            {statementOpen ? money.statement.hide : money.statement.show}
          </Button>
          {statementOpen && <DealStatementPanel dealId={entry._id} />}
        </div>
      )}
      {entry.note && <p className="mt-1 whitespace-pre-line">{entry.note}</p>}
      {entry.points > 0 && <p className="mt-1 text-sm text-green-800">{t.points(entry.points)}</p>}
      {editing && isLoggable(entry.kind) && (
        <div className="mt-2">
          <ActivityForm
            kind={entry.kind}
            initial={draftOf(entry)}
            submitLabel={pipeline.common.save}
            busy={update.isPending}
            ownerId={ownerId}
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              update.mutateAsync(
                { id: entry._id, body },
                {
                  onSuccess: () => {
                    toast.success(t.updated);
                    setEditing(false);
                  },
                  onError: (err) => showError(err, pipeline.common.saveFailed),
                },
              )
            }
          />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        message={t.removeConfirm}
        confirmLabel={t.remove}
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(entry._id, {
            onSuccess: () => toast.success(t.removed),
            onError: (err) => showError(err, pipeline.common.saveFailed),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}
