import { FLAT_CATEGORIES, TRANSACTION_TYPES } from '@shared/domain/property-options';
import { paths } from '@shared/paths';
import type { Property, PropertyAgent } from '@shared/schemas/property';
import { Button } from '@web/components/button';
import { FavouriteButton } from '@web/components/favourite-button';
import { he } from '@web/i18n/he';
import { isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { ImageOff, Pencil, Trash2 } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDeleteProperty } from './api';
import { ContactButtons } from './contact-buttons';
import { Photo } from './photo';
import { listingPrice, propertyFacts } from './property-facts';

/** The admin's edit form (and its form library) loads only when an admin opens it, never for a visitor. */
const EditCard = lazy(() => import('./edit-card').then((m) => ({ default: m.EditCard })));
/** The delete confirmation, likewise: it loads when an admin asks to delete. */
const ConfirmDialog = lazy(() =>
  import('@web/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

const t = he.properties.card;
const CARD_SIZES = '(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 95vw';

type Props = {
  property: Property;
  isAdmin: boolean;
  editing?: boolean;
  onEdit?: () => void;
  onDone?: () => void;
  eager?: boolean;
};

/** A listing card: visitors see image, badges, category, address, price, city, rooms, size and a flat's floor; admins see and manage the rest. */
export function PropertyCard({ property: p, isAdmin, editing = false, onEdit, onDone, eager }: Props) {
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  // Closing the edit mode (save, cancel, Escape) gives the focus back to the edit button, unless the focus has
  // already gone somewhere else (another card's edit button, when that opens in its place).
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasEditing.current && !editing && focusLost) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (editing && isAdmin) {
    return (
      <Suspense fallback={null}>
        <EditCard property={p} onDone={onDone ?? (() => {})} />
      </Suspense>
    );
  }
  const rented = p.typeTransaction === TRANSACTION_TYPES.rent;
  const photo = p.photos[0];
  return (
    <article
      className={`relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-900 ${isAdmin ? 'border-brand-300' : 'border-slate-200'}`}
    >
      <div className="relative aspect-[3/2] bg-slate-100">
        {photo ? (
          <Photo
            photo={photo}
            alt={t.imageAlt(p.category, p.address)}
            sizes={CARD_SIZES}
            eager={eager}
            className={`h-full w-full object-cover ${p.sold ? 'grayscale' : ''}`}
          />
        ) : (
          <div className="flex h-full items-center justify-center gap-2 text-slate-600">
            <ImageOff aria-hidden /> {t.noImage}
          </div>
        )}
        <div className="absolute start-2 top-2 flex flex-wrap gap-1">
          {p.pinuy_binuy && (
            <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-slate-900">
              {t.pinuyBinuy}
            </span>
          )}
          {p.exclusive && (
            <span className="rounded-full bg-brand-800 px-2 py-0.5 text-xs font-bold text-white">
              {t.exclusive}
            </span>
          )}
        </div>
        {p.sold && (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-900/40">
            <span
              lang="en"
              className="-rotate-12 rounded border-4 border-white bg-slate-900 px-4 py-1 text-3xl font-black tracking-widest text-white"
            >
              {rented ? he.properties.sold.overlayRented : he.properties.sold.overlaySold}
            </span>
          </div>
        )}
        <FavouriteButton property={p} className="absolute end-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-sm text-slate-600">
          {p.category}
          {p.sold && ` · ${rented ? he.properties.sold.rentedLabel : he.properties.sold.soldLabel}`}
        </p>
        <h3 className="text-lg font-semibold text-slate-900">
          <Link
            to={paths.propertyView(p._id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {p.address}
          </Link>
        </h3>
        <p className="text-xl font-bold text-brand-800">{listingPrice(p)}</p>
        <ul className="flex flex-wrap gap-x-2 text-sm text-slate-700" aria-label={he.inquiries.facts.label}>
          {propertyFacts(p).map((fact, i) => (
            <li key={fact} className="flex gap-2">
              {i > 0 && <span aria-hidden>·</span>}
              {fact}
            </li>
          ))}
        </ul>
        {isAdmin && <AdminDetails property={p} onEdit={onEdit} editButton={editButton} />}
      </div>
    </article>
  );
}

type AdminProps = {
  property: Property;
  onEdit?: () => void;
  editButton: RefObject<HTMLButtonElement | null>;
};

function AdminDetails({ property: p, onEdit, editButton }: AdminProps) {
  const remove = useDeleteProperty();
  const [asking, setAsking] = useState(false);
  // Mounted from the first question on, so closing it (a native <dialog>) gives the focus back to its button.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const onDelete = () => {
    setAsking(false);
    // The card unmounts once the list refetches, so the outcome is read from the promise.
    remove.mutateAsync(p._id).then(
      () => toast.success(he.properties.edit.deleted),
      (err: unknown) => isSessionEnd(err) || toast.error(he.properties.edit.deleteError),
    );
  };
  return (
    <div className="relative z-10 mt-2 flex flex-col gap-2 border-t border-slate-200 pt-2 text-sm">
      <p>
        {t.transaction}: {p.typeTransaction}
        {p.floor && !FLAT_CATEGORIES.includes(p.category) && ` · ${t.floor} ${p.floor}`}
      </p>
      {p.description && <p className="line-clamp-3 text-slate-700">{p.description}</p>}
      {p.yad2 && (
        <a href={p.yad2} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          {t.yad2}
        </a>
      )}
      <AgentLine label={t.agent} agent={p.agent} />
      <AgentLine label={t.agentSecend} agent={p.agentSecend} />
      <div className="mt-1 flex gap-2">
        <Button ref={editButton} variant="secondary" onClick={onEdit} className="flex-1">
          <Pencil size={16} aria-hidden /> {t.edit}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            setDialogLoaded(true);
            setAsking(true);
          }}
          disabled={remove.isPending}
          className="flex-1"
        >
          <Trash2 size={16} aria-hidden /> {t.delete}
        </Button>
      </div>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={asking}
            message={t.confirmDelete(p.address)}
            confirmLabel={t.delete}
            danger
            busy={remove.isPending}
            onConfirm={onDelete}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

function AgentLine({ label, agent }: { label: string; agent: PropertyAgent | null }) {
  if (!agent) return null;
  return (
    <div className="flex items-center justify-between gap-2">
      <span>
        <span className="text-slate-600">{label}: </span>
        {agent.name}{' '}
        <bdi dir="ltr" className="text-slate-700">
          {agent.phone_number}
        </bdi>
      </span>
      <ContactButtons name={agent.name} phone={agent.phone_number} />
    </div>
  );
}
