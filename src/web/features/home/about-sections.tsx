import { he } from '@web/i18n/he';
import { HOME_SECTIONS } from '@web/lib/home-sections';
import { ChartLine, Cpu, HeartHandshake, Megaphone, PhoneCall, ShieldCheck } from 'lucide-react';

const t = he.publicSite.home;
/** One section, 'why choose us': the SPEC's three reasons first, then what else sets the agency apart. */
const WHY = [
  ...he.publicSite.reasons.items.map((item, i) => ({
    ...item,
    Icon: [Cpu, HeartHandshake, ShieldCheck][i]!,
  })),
  ...t.why.map((item, i) => ({ ...item, Icon: [ChartLine, Megaphone, PhoneCall][i]! })),
];

/** 'Who we are' (the footer links here) and 'why choose us'. */
export function WhoWeAre() {
  return (
    <section
      id={HOME_SECTIONS.whoWeAre}
      aria-labelledby="who-title"
      className="scroll-mt-20 bg-white px-4 py-16"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 text-center">
        <h2 id="who-title" className="text-3xl font-bold text-brand-900">
          {t.whoWeAreTitle}
        </h2>
        <p className="text-lg leading-8 text-slate-700">{t.whoWeAreText}</p>
      </div>
    </section>
  );
}

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-title" className="bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="why-title" className="mb-8 text-center text-3xl font-bold text-brand-900">
          {t.whyTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {WHY.map(({ title, text, Icon }) => (
            <li key={title} className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm">
              <span className="self-start rounded-full bg-accent-400/25 p-3">
                <Icon aria-hidden="true" className="text-brand-800" size={28} />
              </span>
              <h3 className="text-xl font-semibold text-brand-900">{title}</h3>
              <p className="text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
