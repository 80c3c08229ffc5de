import { telLink, whatsappLink } from '@shared/domain/phone';
import { paths } from '@shared/paths';
import type { Property } from '@shared/schemas/property';
import { Avatar } from '@web/components/avatar';
import { WhatsappIcon } from '@web/components/brand-icons';
import { buttonClass } from '@web/components/button';
import { he } from '@web/i18n/he';
import { Building2, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePropertyContact } from './contact';

const t = he.properties.view;

/**
 * The main agent's contact, a switch to the second agent when both exist, or the listing's branch (else the
 * agency's office); the branch's name links to its page, and its office phone is one call away beside the agent's.
 */
export function AgentPanel({ property }: { property: Property }) {
  const [showSecond, setShowSecond] = useState(false);
  const both = Boolean(property.agent && property.agentSecend);
  const { agent, name, phone, chatPhone, message, branch, officePhone } = usePropertyContact(
    property,
    showSecond,
  );
  return (
    <section
      aria-labelledby="contact-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="contact-title" className="mb-3 text-xl font-bold">
        {t.contact}
      </h2>
      {both && (
        <fieldset className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">{t.agentSwitch}</legend>
          {[false, true].map((second) => (
            <button
              key={String(second)}
              type="button"
              aria-pressed={showSecond === second}
              onClick={() => setShowSecond(second)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${showSecond === second ? 'bg-white text-brand-900 shadow' : 'text-slate-700'}`}
            >
              {second ? t.showSecend : t.showAgent}
            </button>
          ))}
        </fieldset>
      )}
      <div className="mb-4 flex items-center gap-3">
        <Avatar src={agent?.image} alt={name} size={64} />
        <div>
          <p className="text-lg font-semibold" data-testid="agent-name">
            {name}
          </p>
          {phone && (
            <bdi dir="ltr" className="text-slate-700">
              {phone}
            </bdi>
          )}
          {officePhone && phone && (
            <p className="text-sm text-slate-600" data-testid="office-phone">
              {he.publicSite.agent.officePhone(property.branch.name)}
            </p>
          )}
          {property.branch.name && (
            <p className="text-sm text-slate-600" data-testid="property-branch">
              {t.branchBy}{' '}
              <Link
                to={paths.branchPage(property.branch.slug)}
                aria-label={t.branchPage(property.branch.name)}
                className="text-brand-700 underline"
              >
                {property.branch.name}
              </Link>
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        {chatPhone && (
          <a
            href={whatsappLink(chatPhone, message)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-green-700 px-4 py-2 font-medium text-white hover:bg-green-800"
          >
            <WhatsappIcon size={20} /> {t.whatsapp}
          </a>
        )}
        {phone && (
          <a href={telLink(phone)} className={buttonClass('secondary')}>
            <Phone size={18} aria-hidden /> {t.call}
          </a>
        )}
        {agent && branch && !officePhone && (
          <a href={telLink(branch.phone)} className={buttonClass('secondary')} data-testid="call-branch">
            <Building2 size={18} aria-hidden /> {t.callBranch(branch.name)}
          </a>
        )}
      </div>
    </section>
  );
}
