import type { Founder } from '@shared/schemas/settings';
import { Avatar } from '@web/components/avatar';
import { he } from '@web/i18n/he';
import { sameName } from './agent-grid';
import { useTeam } from './api';
import { ContactLinks } from './contact-links';

const t = he.publicSite.about;

/**
 * The two founders from the agency settings, each with call and WhatsApp links. A founder without a photo of
 * their own shows the one of the team member with the same name.
 */
export function Founders({ founders }: { founders: Founder[] }) {
  const team = useTeam().data ?? [];
  if (founders.length === 0) return null;
  const photoOf = (founder: Founder) =>
    founder.image || team.find((member) => sameName(member.name) === sameName(founder.name))?.image || null;
  return (
    <section aria-labelledby="founders-title" className="flex flex-col gap-6">
      <h2 id="founders-title" className="text-2xl font-bold text-brand-900">
        {t.foundersTitle}
      </h2>
      <ul className="grid gap-6 md:grid-cols-2">
        {founders.map((founder) => (
          <li
            key={founder.name}
            className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-md"
          >
            <Avatar src={photoOf(founder)} alt={t.photoAlt(founder.name)} size={112} />
            <h3 className="text-xl font-semibold text-brand-900">{founder.name}</h3>
            {founder.text && <p className="text-slate-700">{founder.text}</p>}
            <ContactLinks
              phone={founder.phone}
              callLabel={t.call(founder.name)}
              whatsappLabel={t.whatsapp(founder.name)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
