import { ScrollRegion } from '@web/components/scroll-region';
import { he } from '@web/i18n/he';
import { formatDate } from '@web/lib/format';
import { type ReactNode, useId } from 'react';

const t = he.publicSite.leads;
const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});
export const receivedAt = (iso: string) => `${formatDate(new Date(iso))} ${time.format(new Date(iso))}`;

type Column<T> = { header: string; cell: (row: T) => ReactNode };

/** A titled table of inbox rows with its count, or the empty text; on a phone each row is a card (no sideways scroll). */
export function InboxTable<T extends { _id: string }>({
  title,
  rows,
  columns,
}: {
  title: string;
  rows: T[];
  columns: Column<T>[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {title} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm">{t.empty}</p>
      ) : (
        <ScrollRegion label={title} className="rounded-xl bg-white shadow-sm">
          <table className="cards-on-phone w-full text-start text-sm">
            <thead className="bg-brand-50 text-brand-900">
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className="px-3 py-2 text-start font-semibold whitespace-nowrap"
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id} className="border-t border-slate-100">
                  {columns.map((c) => (
                    <td
                      key={c.header}
                      data-label={c.header}
                      className="px-3 py-2 align-top sm:whitespace-nowrap"
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export const phoneCell = (phone: string) => (
  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="text-brand-700 underline">
    {phone}
  </a>
);
