import { companyRoleTitle } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import { Avatar } from '@web/components/avatar';
import { buttonClass } from '@web/components/button';
import { Page } from '@web/components/page';
import { StatusMessage } from '@web/components/status-message';
import { he } from '@web/i18n/he';
import { ApiError } from '@web/lib/api-client';
import { useAgencySettings } from '@web/lib/settings';
import { Link, useParams } from 'react-router';
import { useAgent } from './api';
import { ContactLinks } from './contact-links';

const t = he.publicSite.agent;

/** /AboutAgent/{id}: 'Loading...' until the agent arrives; an unknown id gets a clear not-found state. */
export function AgentPage() {
  const { id = '' } = useParams();
  const agent = useAgent(id);
  const settings = useAgencySettings();

  if (agent.isPending) return <StatusMessage busy>{he.common.loadingEn}</StatusMessage>;
  if (agent.isError) {
    const missing =
      agent.error instanceof ApiError && (agent.error.status === 404 || agent.error.status === 400);
    return (
      <Page title={missing ? t.notFound : he.common.errorTitle}>
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-slate-700">
            {missing ? t.notFoundText : he.publicSite.about.loadFailure}
          </p>
          <Link to={paths.aboutLink()} className={buttonClass('primary')}>
            {t.backToTeam}
          </Link>
        </div>
      </Page>
    );
  }
  const { name, image, aboutMe, phone_number: phone, officePhone, branch } = agent.data;
  const companyRole = companyRoleTitle(agent.data.companyRole, agent.data.gender);
  return (
    <Page title={name}>
      <article className="mx-auto flex max-w-2xl flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-md">
        <Avatar src={image} alt={he.publicSite.about.photoAlt(name)} size={180} />
        {companyRole && <p className="text-xl font-medium text-brand-700">{companyRole}</p>}
        {aboutMe && <p className="text-lg leading-8 whitespace-pre-line text-slate-700">{aboutMe}</p>}
        {officePhone && phone && (
          <p className="text-slate-700" data-testid="office-phone">
            {t.officePhone(branch.name)}
          </p>
        )}
        {phone && (
          <ContactLinks
            phone={phone}
            whatsappPhone={officePhone ? (settings?.whatsappPhone ?? null) : phone}
            callLabel={he.publicSite.about.call(name)}
            whatsappLabel={he.publicSite.about.whatsapp(name)}
            callText={`${officePhone ? t.callOffice : t.call} ${phone}`}
            whatsappText={t.whatsapp}
          />
        )}
        <Link to={paths.aboutLink()} className="text-brand-700 underline">
          {t.backToTeam}
        </Link>
      </article>
    </Page>
  );
}
