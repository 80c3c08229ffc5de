import { he } from '@web/i18n/he';
import { Cpu, HeartHandshake, ShieldCheck } from 'lucide-react';

const t = he.publicSite.reasons;
const ICONS = [Cpu, HeartHandshake, ShieldCheck];

/** The three reasons cards (SPEC section 1). */
export function Reasons() {
  return (
    <section aria-labelledby="reasons-title" className="bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="reasons-title" className="mb-8 text-center text-3xl font-bold text-brand-900">
          {t.title}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {t.items.map((item, i) => {
            const Icon = ICONS[i] ?? ShieldCheck;
            return (
              <li
                key={item.title}
                className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm"
              >
                <span className="rounded-full bg-accent-400/25 p-4">
                  <Icon aria-hidden="true" size={32} className="text-brand-800" />
                </span>
                <h3 className="text-xl font-semibold text-brand-900">{item.title}</h3>
                <p className="text-slate-700">{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
