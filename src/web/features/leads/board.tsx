import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/domain/pipeline';
import type { LeadSummary } from '@shared/schemas/pipeline';
import { ScrollRegion } from '@web/components/scroll-region';
import { pipeline } from '@web/i18n/pipeline';
import { GripVertical } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { columnCoordinates } from './board-keyboard';
import { LeadCard } from './lead-card';
import { MoveMenu } from './move-menu';
import { type Board as BoardData, type BoardFilter, fetchBoardColumn } from './pipeline-api';
import { useMoveLead } from './use-move-lead';

const t = pipeline.leads;
const labelOf = (id: unknown) => LEAD_STATUS_LABELS[id as LeadStatus] ?? '';

/** Where the focus goes after a move: the moved card's menu button in its new column. */
function focusCard(leadId: string) {
  requestAnimationFrame(() =>
    [...document.querySelectorAll<HTMLElement>('[data-lead-card]')]
      .find((card) => card.dataset.leadCard === leadId)
      ?.querySelector<HTMLElement>('[data-move-menu]')
      ?.focus(),
  );
}

/**
 * The board: seven columns by stage. A card moves by pointer (drag its handle), by keyboard (Space on the handle,
 * arrows to another column, Space to drop) or by its "העבר ל…" menu. A move to "לא רלוונטי" asks for the reason.
 */
/** A column's cards loaded by "טעינת עוד": valid while the board's own first cards end where they started. */
type More = { from: string; leads: LeadSummary[]; cursor: string | null };

/**
 * The board with each column's cards loaded so far: its first ones from the board, then those "טעינת עוד"
 * brought (dropped when a refresh of the board changes where its first cards end).
 */
function useMoreCards(board: BoardData, filter: BoardFilter) {
  const [more, setMore] = useState<Partial<Record<LeadStatus, More>>>({});
  const [loading, setLoading] = useState<Partial<Record<LeadStatus, 'busy' | 'failed'>>>({});
  const columns = useMemo(
    () =>
      board.columns.map((column) => {
        const extra = more[column.status];
        if (!extra || extra.from !== column.nextCursor) return column;
        const ids = new Set(column.leads.map((l) => l._id));
        return {
          ...column,
          leads: [...column.leads, ...extra.leads.filter((l) => !ids.has(l._id))],
          nextCursor: extra.cursor,
        };
      }),
    [board, more],
  );
  const loadMore = async (status: LeadStatus) => {
    const column = columns.find((c) => c.status === status);
    const from = board.columns.find((c) => c.status === status)?.nextCursor;
    if (!column?.nextCursor || !from || loading[status] === 'busy') return;
    setLoading((l) => ({ ...l, [status]: 'busy' }));
    try {
      const next = await fetchBoardColumn(filter, status, column.nextCursor);
      setMore((m) => {
        const held = m[status]?.from === from ? (m[status]?.leads ?? []) : [];
        return { ...m, [status]: { from, leads: [...held, ...next.leads], cursor: next.nextCursor } };
      });
      setLoading((l) => ({ ...l, [status]: undefined }));
    } catch {
      setLoading((l) => ({ ...l, [status]: 'failed' }));
    }
  };
  return { columns, loadMore, loading };
}

export function LeadBoard({
  board: fromServer,
  filter = { ownerId: '', source: '' },
  showOwner,
}: {
  board: BoardData;
  /** The board's filters, for the columns' next cards. */
  filter?: BoardFilter;
  showOwner: boolean;
}) {
  const loaded = useMoreCards(fromServer, filter);
  const board = useMemo(() => ({ columns: loaded.columns }), [loaded.columns]);
  const { move, pending, dialog } = useMoveLead(focusCard);
  const [dragging, setDragging] = useState<LeadSummary | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  // A card whose move is on its way to the server already shows in its new column.
  const columns = useMemo(() => {
    const all = board.columns.flatMap((c) => c.leads);
    return board.columns.map((column) => {
      const leads = all.filter((lead) => (pending[lead._id] ?? lead.status) === column.status);
      const delta = leads.length - column.leads.length;
      return { ...column, leads, total: column.total + delta };
    });
  }, [board, pending]);
  const leadById = (id: unknown) => board.columns.flatMap((c) => c.leads).find((l) => l._id === id);

  const announcements: Announcements = {
    onDragStart: ({ active }) => t.picked(leadById(active.id)?.name ?? ''),
    // Over its own stage (as it is when lifted) says nothing, so the lifting instructions are heard whole.
    onDragOver: ({ active, over }) => {
      const lead = leadById(active.id);
      if (!over || !lead || over.id === (pending[lead._id] ?? lead.status)) return undefined;
      return t.over(lead.name, labelOf(over.id));
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t.dropped(leadById(active.id)?.name ?? '', labelOf(over.id))
        : t.notMoved(leadById(active.id)?.name ?? ''),
    onDragCancel: ({ active }) => t.notMoved(leadById(active.id)?.name ?? ''),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const lead = leadById(active.id);
    if (!lead || !over) return;
    move({ ...lead, status: pending[lead._id] ?? lead.status }, over.id as LeadStatus);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragHint } }}
      onDragStart={({ active }) => setDragging(leadById(active.id) ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <ScrollRegion label={t.board} className="pb-2">
        {/* The stages wrap into rows (stacked on a phone) rather than scroll sideways: nothing hides off screen,
            and a keyboard move never has to scroll a right-to-left box. */}
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-7">
          {columns.map((column) => (
            <Column
              key={column.status}
              status={column.status}
              shown={column.leads.length}
              total={column.total}
              more={
                column.nextCursor
                  ? { state: loaded.loading[column.status], load: () => loaded.loadMore(column.status) }
                  : undefined
              }
            >
              {column.leads.map((lead) => {
                const status = pending[lead._id] ?? lead.status;
                return (
                  <DraggableCard key={lead._id} lead={{ ...lead, status }} showOwner={showOwner}>
                    <MoveMenu
                      name={lead.name}
                      status={status}
                      onMove={(to) => move({ ...lead, status }, to)}
                    />
                  </DraggableCard>
                );
              })}
            </Column>
          ))}
        </ol>
      </ScrollRegion>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="w-64 rounded-xl border border-brand-600 bg-white p-3 font-semibold shadow-xl">
            {dragging.name}
          </div>
        )}
      </DragOverlay>
      {dialog}
    </DndContext>
  );
}

/**
 * A column. While it has more cards than it shows, a sentinel after its cards loads the next ones as it
 * scrolls into view, and a visible "טעינת עוד" button does the same for a keyboard or a screen reader.
 */
function Column({
  status,
  shown,
  total,
  more,
  children,
}: {
  status: LeadStatus;
  shown: number;
  total: number;
  more?: { state: 'busy' | 'failed' | undefined; load: () => void };
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const headingId = `board-column-${status}`;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={status}
      className={`flex min-w-0 flex-col gap-2 rounded-xl p-2 ${isOver ? 'bg-brand-100' : 'bg-slate-100'}`}
    >
      <h2 id={headingId} className="px-1 font-bold text-brand-900">
        {t.columnCount(LEAD_STATUS_LABELS[status], shown, total)}
      </h2>
      {shown === 0 ? (
        <p className="px-1 py-4 text-center text-sm text-slate-600">{t.emptyColumn}</p>
      ) : (
        <ul className="flex flex-col gap-2">{children}</ul>
      )}
      {more && <MoreCards label={LEAD_STATUS_LABELS[status]} {...more} />}
    </li>
  );
}

function MoreCards({
  label,
  state,
  load,
}: {
  label: string;
  state: 'busy' | 'failed' | undefined;
  load: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  latest.current = load;
  // Scrolling to the column's end loads its next cards (not again after a failure: the button retries).
  useEffect(() => {
    const node = sentinel.current;
    if (!node || state === 'failed' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [state]);
  return (
    <div className="flex flex-col items-stretch gap-1">
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {state === 'failed' && (
        <p role="alert" className="px-1 text-sm text-red-700">
          {t.loadMoreFailed}
        </p>
      )}
      <button
        type="button"
        aria-label={t.loadMoreOf(label)}
        aria-busy={state === 'busy'}
        disabled={state === 'busy'}
        onClick={load}
        className="min-h-11 rounded-lg border border-brand-700 bg-white px-3 py-2 font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      >
        {state === 'busy' ? t.loadingMore : t.loadMore}
      </button>
    </div>
  );
}

function DraggableCard({
  lead,
  showOwner,
  children,
}: {
  lead: LeadSummary;
  showOwner: boolean;
  children: React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: lead._id,
  });
  return (
    <li ref={setNodeRef} className={isDragging ? 'opacity-40' : undefined}>
      <LeadCard
        lead={lead}
        showOwner={showOwner}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-roledescription={t.draggable}
            aria-label={t.drag(lead.name)}
            className="flex min-h-11 min-w-8 cursor-grab touch-none items-center justify-center rounded text-slate-600 hover:bg-slate-100"
          >
            <GripVertical aria-hidden="true" size={18} />
          </button>
        }
      >
        {children}
      </LeadCard>
    </li>
  );
}
