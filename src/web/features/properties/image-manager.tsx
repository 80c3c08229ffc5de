import { MAX_IMAGES_PER_PROPERTY, type Property } from '@shared/schemas/property';
import { buttonClass } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FieldError } from '@web/components/field-shell';
import { he } from '@web/i18n/he';
import { ApiError, isSessionEnd } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type ImageChange, useImageChange } from './image-api';
import { ImageThumb, type MoveDirection } from './image-thumb';

const t = he.properties.images;
const isImage = (file: File) => file.type.startsWith('image/');

/** For 413 (too many / too large) and 415 (not an image) the server's Hebrew message says what to fix. */
const messageOf = (err: unknown) =>
  err instanceof ApiError && (err.status === 413 || err.status === 415) ? err.message : t.error;

type Props = { property: Property; heading?: 'h2' | 'h3' | 'h4' };

/** Admin: the photos of an existing property — remove (confirmed), move earlier/later, add more (max 30). */
export function ImageManager({ property, heading: Heading = 'h3' }: Props) {
  const change = useImageChange(property._id);
  const photos = property.photos;
  const room = MAX_IMAGES_PER_PROPERTY - photos.length;
  const [removing, setRemoving] = useState<number | null>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const [uploadError, setUploadError] = useState<string>();
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The moved photo's button keeps the focus once the refetched order arrives (React moves the node,
  // which blurs it); at an edge the move button in the other direction takes it.
  const focusAfter = useRef<{ photoId: string; direction: MoveDirection } | null>(null);
  const order = photos.map((p) => p._id);
  const orderKey = order.join(',');

  useEffect(() => {
    const target = focusAfter.current;
    const item = target && listRef.current?.querySelector(`[data-photo="${target.photoId}"]`);
    if (!target || !item || !orderKey) return;
    focusAfter.current = null;
    const buttons = item.querySelectorAll<HTMLButtonElement>('[data-move]:not(:disabled)');
    const same = Array.from(buttons).find((b) => b.dataset.move === target.direction);
    (same ?? buttons[0])?.focus();
  }, [orderKey]);

  const run = (next: ImageChange, onSuccess?: () => void, onFailure?: (message: string) => void) => {
    // Not `disabled` while busy: that would drop the keyboard focus from the button just pressed.
    if (change.isPending) return;
    change.mutateAsync(next).then(
      () => {
        toast.success(t.updated);
        onSuccess?.();
      },
      (err: unknown) => {
        focusAfter.current = null;
        if (isSessionEnd(err)) return;
        toast.error(messageOf(err));
        onFailure?.(messageOf(err));
      },
    );
  };

  const move = (index: number, direction: MoveDirection) => {
    const to = direction === 'earlier' ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    focusAfter.current = { photoId: order[index]!, direction };
    run({ kind: 'order', order: next });
  };

  const confirmRemove = () => {
    const photo = removing === null ? undefined : photos[removing];
    setRemoving(null);
    if (!photo) return;
    // The removed photo's button disappears; the section heading takes the focus.
    run({ kind: 'remove', imageId: photo._id }, () => headingRef.current?.focus());
  };

  const add = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const images = picked.filter(isImage);
    setRejected(picked.filter((f) => !isImage(f)).map((f) => f.name));
    setUploadError(undefined);
    if (images.length === 0) return;
    if (images.length > room) {
      toast.error(t.tooMany(room));
      return;
    }
    // A refused upload keeps the server's reason next to the button that sent it.
    run({ kind: 'add', files: images }, undefined, setUploadError);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="@container flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`${id}-title`} ref={headingRef} tabIndex={-1} className="font-semibold">
          {t.title(property.address)}
        </Heading>
        <p className="text-sm text-slate-600">{t.count(photos.length, MAX_IMAGES_PER_PROPERTY)}</p>
      </div>
      <p role="status" className="text-sm text-brand-800 empty:hidden">
        {change.isPending ? t.busy : ''}
      </p>
      {photos.length === 0 ? (
        <p className="text-slate-600">{t.empty}</p>
      ) : (
        <ol
          ref={listRef}
          className="grid grid-cols-2 gap-3 @md:grid-cols-3 @3xl:grid-cols-5 @5xl:grid-cols-6"
        >
          {photos.map((photo, i) => (
            <ImageThumb
              key={photo._id}
              photo={photo}
              index={i}
              count={photos.length}
              address={property.address}
              onMove={(direction) => move(i, direction)}
              onRemove={() => setRemoving(i)}
            />
          ))}
        </ol>
      )}
      <div className="relative flex flex-col gap-1">
        {/* The native file button speaks the browser's language; a Hebrew label styled as a button opens it. */}
        <input
          id={`${id}-add`}
          type="file"
          accept="image/*"
          multiple
          disabled={room <= 0}
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? `${id}-error ${id}-hint` : `${id}-hint`}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-add`}
          className={`${buttonClass('secondary')} cursor-pointer self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:border-slate-300 peer-disabled:text-slate-500 peer-disabled:hover:bg-white`}
        >
          <ImagePlus size={16} aria-hidden /> {t.add}
        </label>
        <FieldError id={`${id}-error`} error={uploadError} />
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {room <= 0 ? t.full(MAX_IMAGES_PER_PROPERTY) : `${t.addHint} ${t.room(room)}`}
        </p>
        {rejected.map((name) => (
          <p key={name} role="alert" className="text-sm text-red-700">
            {t.notImage(name)}
          </p>
        ))}
      </div>
      <ConfirmDialog
        open={removing !== null}
        message={t.confirmRemove((removing ?? 0) + 1)}
        confirmLabel={t.confirmLabel}
        danger
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
