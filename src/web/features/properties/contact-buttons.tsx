import { telLink, whatsappLink } from '@shared/domain/phone';
import { WhatsappIcon } from '@web/components/brand-icons';
import { he } from '@web/i18n/he';
import { Phone } from 'lucide-react';

/** Call and WhatsApp chat links for a phone number (wa.me with 972 and no leading zero). */
export function ContactButtons({ name, phone, message }: { name: string; phone: string; message?: string }) {
  const t = he.properties.card;
  const base =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-medium text-white';
  return (
    <span className="flex gap-2">
      <a
        href={telLink(phone)}
        aria-label={t.call(name)}
        className={`${base} bg-brand-700 hover:bg-brand-800`}
      >
        <Phone size={18} aria-hidden />
      </a>
      <a
        href={whatsappLink(phone, message)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.chat(name)}
        className={`${base} bg-green-700 hover:bg-green-800`}
      >
        <WhatsappIcon size={18} />
      </a>
    </span>
  );
}
