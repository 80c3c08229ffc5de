import { useMatches } from 'react-router';
import { he } from '../i18n/he';
import { Page } from './page';

/** Placeholder for a page whose feature has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="rounded-xl border border-dashed border-brand-300 bg-white p-8 text-center text-lg text-slate-700">
        <strong className="block text-2xl text-brand-800">{he.common.comingSoon}</strong>
        {he.common.comingSoonText}
      </p>
    </Page>
  );
}

/** Route component: the title comes from the route's handle. */
export function ComingSoonRoute() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? he.common.comingSoon;
  return <ComingSoon title={title} />;
}
