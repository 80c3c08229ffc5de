import { Page } from '@web/components/page';
import { he } from '@web/i18n/he';
import { useAgencySettings } from '@web/lib/settings';
import { AgentGrid } from './agent-grid';
import { BranchList } from './branch-list';
import { Founders } from './founders';

const t = he.publicSite.about;

/** /AboutLink: the company story, the two founders, the network's branches and the team grid. */
export function AboutPage() {
  const settings = useAgencySettings();
  const paragraphs = settings?.story.split(/\n\s*\n/).filter(Boolean) ?? [];
  return (
    <Page title={t.title} wide>
      <div className="flex flex-col gap-12">
        <section aria-labelledby="story-title" className="flex flex-col gap-3">
          <h2 id="story-title" className="text-2xl font-bold text-brand-900">
            {t.storyTitle}
          </h2>
          {paragraphs.map((text) => (
            <p key={text.slice(0, 40)} className="max-w-4xl text-lg leading-8 text-slate-700">
              {text}
            </p>
          ))}
        </section>
        {settings && <Founders founders={settings.founders} />}
        <section aria-labelledby="branches-title" className="flex flex-col gap-6">
          <h2 id="branches-title" className="text-2xl font-bold text-brand-900">
            {t.branchesTitle}
          </h2>
          <BranchList />
        </section>
        <section aria-labelledby="team-title" className="flex flex-col gap-6">
          <h2 id="team-title" className="text-2xl font-bold text-brand-900">
            {t.teamTitle}
          </h2>
          <AgentGrid shownAbove={settings?.founders.map((f) => f.name)} />
        </section>
      </div>
    </Page>
  );
}
