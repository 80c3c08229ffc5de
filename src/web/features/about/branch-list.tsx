import { paths } from '@shared/paths';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { useOpenBranches } from '@web/lib/branches';
import { MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';

const t = he.publicSite.about;

/** The network's open branches on /AboutLink, each a link to its own page (/branches/<slug>). */
export function BranchList() {
  const branches = useOpenBranches();
  if (branches.isPending) return <StatusMessage busy>{he.common.loading}</StatusMessage>;
  if (branches.isError) return <StatusMessage>{t.branchesFailure}</StatusMessage>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="branch-list">
      {branches.data.map((branch) => (
        <li key={branch._id} className="flex flex-col gap-2 rounded-2xl bg-white p-5 shadow-md">
          <h3 className="text-xl font-semibold">
            <Link
              to={paths.branchPage(branch.slug)}
              className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
              aria-label={t.toBranch(branch.name)}
            >
              {branch.name}
            </Link>
          </h3>
          {(branch.address || branch.city) && (
            <p className="flex items-start gap-1.5 text-slate-700">
              <MapPin aria-hidden size={18} className="mt-1 shrink-0 text-brand-700" />
              {branch.address.includes(branch.city)
                ? branch.address
                : [branch.address, branch.city].filter(Boolean).join(', ')}
            </p>
          )}
          {branch.phone && (
            <p className="flex items-center gap-1.5 text-slate-700">
              <Phone aria-hidden size={18} className="shrink-0 text-brand-700" />
              <bdi dir="ltr">{branch.phone}</bdi>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
