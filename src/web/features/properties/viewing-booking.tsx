import { formatDate, formatTime, ISRAEL_TIME_ZONE } from '@shared/domain/israel-time';
import { paths } from '@shared/paths';
import { Button } from '@web/components/button';
import { ConsentFields, ContactFields } from '@web/components/contact-fields';
import { FieldError } from '@web/components/field-shell';
import { PostedNotice } from '@web/components/posted-notice';
import { viewings as t } from '@web/i18n/viewings';
import { ApiError } from '@web/lib/api-client';
import { useFormOutcome } from '@web/lib/form-outcome';
import { type FormEvent, useId, useState } from 'react';
import { useBookViewing, useViewingSlots, type ViewingSlot } from './viewing-api';

export const VIEWING_SECTION_ID = 'viewing';

const weekday = new Intl.DateTimeFormat('he-IL', { timeZone: ISRAEL_TIME_ZONE, weekday: 'short' });

/** 'יום ב׳ 30.11.2026, 10:00–10:30'. */
const slotLabel = (slot: ViewingSlot) => {
  const start = new Date(slot.start);
  return `${weekday.format(start)} ${formatDate(start)}, ${formatTime(start)}–${formatTime(new Date(slot.end))}`;
};

/**
 * Booking a viewing: the next free slots as radio buttons, a name and a mobile. The server renders the slots
 * with the page, and without JavaScript the browser posts the form to the page (`form=viewing`); with it, the
 * form sends to the API and a slot taken meanwhile brings the next free ones.
 */
export function ViewingBooking({ propertyId }: { propertyId: string }) {
  const query = useViewingSlots(propertyId);
  const book = useBookViewing(propertyId);
  const posted = useFormOutcome('viewing');
  const [sentNow, setDone] = useState<string | null>(null);
  const [offered, setOffered] = useState<ViewingSlot[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>(posted.message);
  const slotsErrorId = useId();
  const data = query.data;
  if (!data || (data.slots.length === 0 && !sentNow && !posted.sent)) return null;
  const slots = offered ?? data.slots;
  const done = sentNow ?? (posted.sent ? (data.bookingMode === 'instant' ? t.booked : t.requested) : null);
  const typed = posted.values;
  const error = (field: string) => errors[field] ?? posted.fieldError(field, 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const slot = String(form.get('slot') ?? '');
    if (!slot) {
      setErrors({ slots: t.pickSlot });
      return;
    }
    setErrors({});
    setMessage(undefined);
    book.mutate(
      {
        name: String(form.get('name') ?? ''),
        phone: String(form.get('phone') ?? ''),
        email: String(form.get('email') ?? ''),
        website: String(form.get('website') ?? ''),
        slots: [slot],
      },
      {
        onSuccess: (r) => setDone(r.data.viewing.status === 'confirmed' ? t.booked : t.requested),
        onError: (err) => {
          if (!(err instanceof ApiError)) return setMessage(t.failure);
          setErrors(err.fieldErrors);
          setMessage(err.message);
          const next = (err.body as { slots?: ViewingSlot[] }).slots;
          if (next) setOffered(next);
        },
      },
    );
  };

  return (
    <section
      id={VIEWING_SECTION_ID}
      aria-labelledby="viewing-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="viewing-title" className="text-xl font-bold">
        {t.title}
      </h2>
      {done ? (
        <p role="status" className="mt-2 font-semibold text-green-800">
          {done}
        </p>
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            {data.bookingMode === 'instant' ? t.introInstant : t.introRequest}
          </p>
          <form
            method="post"
            action={`${paths.propertyView(propertyId)}#${VIEWING_SECTION_ID}`}
            onSubmit={onSubmit}
            noValidate
            className="relative flex flex-col gap-3"
          >
            <input type="hidden" name="form" value="viewing" />
            <fieldset aria-describedby={error('slots') ? slotsErrorId : undefined}>
              <legend className="mb-2 font-semibold">{t.slots}</legend>
              <div className="flex max-h-64 flex-col gap-1 overflow-y-auto">
                {slots.map((slot, i) => (
                  <label key={slot.start} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="slot"
                      value={slot.start}
                      defaultChecked={typed?.slot ? typed.slot === slot.start : i === 0}
                      className="size-4 accent-brand-700"
                    />
                    <span dir="ltr">{slotLabel(slot)}</span>
                    {data.capacity > 1 && (
                      <span className="text-sm text-slate-600">{t.seatsLeft(slot.seatsLeft)}</span>
                    )}
                  </label>
                ))}
              </div>
              <FieldError id={slotsErrorId} error={error('slots')} />
            </fieldset>
            <ContactFields
              name={{
                label: t.name,
                name: 'name',
                required: true,
                error: error('name'),
                defaultValue: typed?.name,
              }}
              phone={{
                label: t.phone,
                name: 'phone',
                required: true,
                error: error('phone'),
                defaultValue: typed?.phone,
              }}
              email={{ label: t.email, name: 'email', error: error('email'), defaultValue: typed?.email }}
            />
            <ConsentFields honeypot={{ label: t.honeypot, name: 'website' }} purpose={t.consent}>
              <PostedNotice sent={false} success={t.booked} message={message} />
            </ConsentFields>
            <Button type="submit" disabled={book.isPending}>
              {book.isPending
                ? t.sending
                : data.bookingMode === 'instant'
                  ? t.submitInstant
                  : t.submitRequest}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
