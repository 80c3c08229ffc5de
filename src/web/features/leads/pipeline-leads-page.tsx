import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@shared/domain/pipeline';
import { paths } from '@shared/paths';
import { buttonClass } from '@web/components/button';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField } from '@web/components/form-field';
import { Page } from '@web/components/page';
import { SelectField } from '@web/components/select-field';
import { StatusMessage } from '@web/components/status-message';
import { pipeline } from '@web/i18n/pipeline';
import { useSession } from '@web/lib/session';
import { Download, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LeadBoard } from './board';
import { InboxPanel } from './inbox-panel';
import { LeadsTable } from './leads-table';
import {
  exportUrl,
  type LeadFilter,
  NO_LEAD_FILTER,
  useBoard,
  useLeadList,
  useLeadOwners,
} from './pipeline-api';

const t = pipeline.leads;
const VIEWS = ['board', 'table', 'mail'] as const;
type View = (typeof VIEWS)[number];
const FILTER_KEYS = Object.keys(NO_LEAD_FILTER) as (keyof LeadFilter)[];

/**
 * The filters as the URL holds them (a filtered view can be shared and survives a reload), with the table's
 * page: the cursor the list gave (docs/decisions/0039-lists-by-keyset.md) and its number, counted as the pages
 * are walked. A change of filter goes back to the first page.
 */
function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as LeadFilter;
  const requested = params.get('view');
  const view: View = VIEWS.includes(requested as View) ? (requested as View) : 'board';
  const cursor = params.get('cursor') ?? '';
  const page = cursor ? Math.max(1, Number(params.get('page')) || 1) : 1;
  const set = (next: Partial<LeadFilter> & { view?: View; page?: number; cursor?: string }) => {
    const merged = { ...filter, view, page: 1, cursor: '', ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([key, value]) => value !== '' && !(key === 'page' && value === 1))
          .filter(([key, value]) => !(key === 'view' && value === 'board'))
          .map(([key, value]) => [key, String(value)]),
      ),
      { replace: true },
    );
  };
  return { filter, view, page, cursor, set };
}

/** /Leads: the pipeline as a board or a filtered table with its CSV; an agent's own leads, an admin's all. */
export function PipelineLeadsPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  // The mail view reads the network's inbox (GET /leads): network admins only (docs/decisions/0033).
  const network = user ? hasNetworkAccess(user) : false;
  const { filter, view, page, cursor, set } = useUrlFilter();
  const views = network ? VIEWS : VIEWS.filter((v) => v !== 'mail');
  return (
    <Page title={t.title} wide>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t.views} className="flex rounded-lg border border-brand-700 p-0.5">
          {views.map((v) => (
            <Link
              key={v}
              to={v === 'board' ? paths.leads() : `${paths.leads()}?view=${v}`}
              aria-current={view === v ? 'page' : undefined}
              className={`min-h-11 rounded-md px-4 py-2 font-medium ${view === v ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`}
            >
              {v === 'board' ? t.board : v === 'table' ? t.table : t.inboxLink}
            </Link>
          ))}
        </nav>
        <Link to={paths.newLead()} className={buttonClass()}>
          <Plus aria-hidden="true" size={18} />
          {t.newLead}
        </Link>
      </div>
      {view === 'mail' && network ? (
        <InboxPanel />
      ) : view === 'table' ? (
        <TableView
          filter={filter}
          page={page}
          cursor={cursor}
          admin={admin}
          network={network}
          onChange={set}
        />
      ) : (
        <BoardView filter={filter} admin={admin} onChange={set} />
      )}
    </Page>
  );
}

type Owners = { _id: string; name: string }[];

function Filters({
  filter,
  admin,
  owners,
  onChange,
  full,
}: {
  filter: LeadFilter;
  admin: boolean;
  owners: Owners;
  onChange: (next: Partial<LeadFilter>) => void;
  /** The table's whole set; the board filters by owner and source only. */
  full: boolean;
}) {
  const all = { value: '', label: t.all };
  return (
    <fieldset className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t.filters}</legend>
      {admin && (
        <SelectField
          label={t.owner}
          value={filter.ownerId}
          onChange={(e) => onChange({ ownerId: e.target.value })}
          options={[all, ...owners.map((o) => ({ value: o._id, label: o.name }))]}
        />
      )}
      {full && (
        <SelectField
          label={t.status}
          value={filter.status}
          onChange={(e) => onChange({ status: e.target.value })}
          options={[all, ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))]}
        />
      )}
      <SelectField
        label={t.source}
        value={filter.source}
        onChange={(e) => onChange({ source: e.target.value })}
        options={[all, ...LEAD_SOURCES.map((s) => ({ value: s, label: LEAD_SOURCE_LABELS[s] }))]}
      />
      {full && (
        <>
          <FormField
            label={t.from}
            type="date"
            value={filter.from}
            onChange={(e) => onChange({ from: e.target.value })}
          />
          <FormField
            label={t.to}
            type="date"
            value={filter.to}
            onChange={(e) => onChange({ to: e.target.value })}
          />
          <FormField
            label={t.search}
            type="search"
            value={filter.q}
            maxLength={80}
            onChange={(e) => onChange({ q: e.target.value })}
          />
          <div className="flex items-end">
            <CheckboxField
              label={t.overdueOnly}
              checked={filter.overdue === 'true'}
              onChange={(e) => onChange({ overdue: e.target.checked ? 'true' : '' })}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

function BoardView({
  filter,
  admin,
  onChange,
}: {
  filter: LeadFilter;
  admin: boolean;
  onChange: (next: Partial<LeadFilter>) => void;
}) {
  const boardFilter = { ownerId: filter.ownerId, source: filter.source };
  const board = useBoard(boardFilter);
  const owners = useLeadOwners();
  return (
    <>
      <Filters filter={filter} admin={admin} owners={owners} onChange={onChange} full={false} />
      {board.isPending ? (
        <StatusMessage busy>{pipeline.common.loading}</StatusMessage>
      ) : board.isError ? (
        <StatusMessage>{pipeline.common.loadFailure}</StatusMessage>
      ) : (
        <LeadBoard board={board.data} filter={boardFilter} showOwner={admin} />
      )}
    </>
  );
}

function TableView({
  filter,
  page,
  cursor,
  admin,
  network,
  onChange,
}: {
  filter: LeadFilter;
  page: number;
  cursor: string;
  admin: boolean;
  /** A network role: the table names each lead's branch. */
  network: boolean;
  onChange: (next: Partial<LeadFilter> & { page?: number; cursor?: string }) => void;
}) {
  const list = useLeadList(filter, cursor);
  const filtered = Object.values(filter).some((v) => v !== '');
  const data = list.data;
  return (
    <>
      <Filters filter={filter} admin={admin} owners={data?.owners ?? []} onChange={onChange} full />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-slate-700">
          {data ? (data.totalCapped ? t.countAtLeast(data.total) : t.count(data.total)) : ''}
        </p>
        <span className="flex flex-wrap gap-2">
          {filtered && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => onChange(NO_LEAD_FILTER)}
            >
              {t.clear}
            </button>
          )}
          <a href={exportUrl(filter)} download className={buttonClass('secondary')}>
            <Download aria-hidden="true" size={18} />
            {t.export}
          </a>
        </span>
      </div>
      {list.isPending ? (
        <StatusMessage busy>{pipeline.common.loading}</StatusMessage>
      ) : list.isError ? (
        <StatusMessage>{list.error.message || pipeline.common.loadFailure}</StatusMessage>
      ) : list.data.leads.length === 0 && !list.data.prevCursor ? (
        <StatusMessage>{filtered ? t.empty : t.emptyAll}</StatusMessage>
      ) : (
        <>
          <LeadsTable leads={list.data.leads} showOwner={admin} showBranch={network} />
          {(list.data.nextCursor || list.data.prevCursor) && (
            <nav aria-label={t.pages} className="mt-4 flex items-center justify-center gap-3">
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={!list.data.prevCursor || list.isPlaceholderData}
                onClick={() => onChange({ cursor: list.data.prevCursor ?? '', page: Math.max(1, page - 1) })}
              >
                {t.previous}
              </button>
              <span aria-current="page">{t.page(page)}</span>
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={!list.data.nextCursor || list.isPlaceholderData}
                onClick={() => onChange({ cursor: list.data.nextCursor ?? '', page: page + 1 })}
              >
                {t.next}
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
