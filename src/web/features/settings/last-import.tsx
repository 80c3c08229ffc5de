import { paths } from '@shared/paths';
import { IMPORT_COLLECTIONS, type ImportSummary } from '@shared/schemas/import';
import { useQuery } from '@tanstack/react-query';
import { ScrollRegion } from '@web/components/scroll-region';
import { admin as heAdmin } from '@web/i18n/admin';
import { formatDate } from '@web/lib/format';
import { useId } from 'react';
import { Link } from 'react-router';
import { lastImportQuery } from './api';

const t = heAdmin.settings.lastImport;
const time = new Intl.DateTimeFormat('he-IL', {
  timeZone: 'Asia/Jerusalem',
  hour: '2-digit',
  minute: '2-digit',
});

/** The counts of the last import from the earlier app; nothing when there has been none. */
export function LastImport() {
  const { data } = useQuery(lastImportQuery);
  const titleId = useId();
  if (!data) return null;
  const at = new Date(data.at);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-6 shadow-sm"
      data-testid="last-import"
    >
      <h2 id={titleId} className="mb-1 text-xl font-bold text-brand-900">
        {t.title}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t.when(formatDate(at), time.format(at))}</p>
      <CollectionsTable summary={data} />
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[1fr_auto]">
        {(
          [
            [t.passwordConfirmDropped, data.passwordConfirmDropped],
            [t.usersWithoutPassword, data.usersWithoutPassword],
            [t.resetsSent, data.resetsSent],
            [t.unknownReferences, data.unknownReferences],
            [t.mapped, data.mapped],
            [t.externalImages, data.externalImages],
            [t.images, data.imagesProcessed],
            [t.imagesMissing, data.imagesMissing],
            [t.imagesRejected, data.imagesRejected],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm">
        <Link to={paths.audit()} className="text-brand-700 underline">
          {t.details}
        </Link>
      </p>
    </section>
  );
}

function CollectionsTable({ summary }: { summary: ImportSummary }) {
  return (
    <ScrollRegion label={t.title} className="">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-start">
            {[t.collection, t.read, t.imported, t.updated, t.skipped].map((h) => (
              <th key={h} scope="col" className="py-1 pe-3 text-start font-medium text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLLECTIONS.map((name) => {
            const c = summary.collections[name];
            return (
              <tr key={name} className="border-b last:border-0">
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  {t.collections[name]}
                </th>
                {c.present ? (
                  [c.read, c.imported, c.updated, c.skipped].map((n, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <td key={i} className="py-1 pe-3 tabular-nums">
                      {n}
                    </td>
                  ))
                ) : (
                  <td colSpan={4} className="py-1 pe-3 text-slate-600">
                    {t.missing}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
