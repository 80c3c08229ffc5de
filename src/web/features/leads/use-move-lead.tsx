import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/domain/pipeline';
import { pipeline } from '@web/i18n/pipeline';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { LossDialog } from './loss-dialog';
import { type UpdateLeadInput, useUpdateLead } from './pipeline-api';
import { showError } from './show-error';

const t = pipeline;
type Movable = { _id: string; name: string; status: LeadStatus };

/**
 * Moves a lead to another stage; "לא רלוונטי" first asks for the reason. `pending` holds the stage a lead is
 * moving to until the server answers, so a card moves at once. `onDone` gets the focus back where it belongs.
 */
export function useMoveLead(onDone?: (leadId: string) => void) {
  const update = useUpdateLead();
  const [asking, setAsking] = useState<Movable | null>(null);
  const [pending, setPending] = useState<Record<string, LeadStatus>>({});

  const send = (lead: Movable, status: LeadStatus, extra: UpdateLeadInput = {}) => {
    setPending((p) => ({ ...p, [lead._id]: status }));
    update.mutate(
      { id: lead._id, body: { status, ...extra } },
      {
        onSuccess: () => toast.success(t.leads.moved(lead.name, LEAD_STATUS_LABELS[status])),
        onError: (err) => showError(err, t.leads.moveFailed),
        onSettled: () => {
          setPending(({ [lead._id]: _, ...rest }) => rest);
          onDone?.(lead._id);
        },
      },
    );
  };

  const move = (lead: Movable, status: LeadStatus) => {
    if (status === lead.status) return;
    if (status === 'lost') setAsking(lead);
    else send(lead, status);
  };

  const dialog = (
    <LossDialog
      name={asking?.name ?? ''}
      open={asking !== null}
      busy={update.isPending}
      onCancel={() => {
        const lead = asking;
        setAsking(null);
        if (lead) onDone?.(lead._id);
      }}
      onConfirm={(choice) => {
        const lead = asking;
        setAsking(null);
        if (lead) send(lead, 'lost', choice);
      }}
    />
  );
  return { move, pending, dialog, busy: update.isPending };
}
