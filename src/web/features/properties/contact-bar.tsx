import { telLink, whatsappLink } from '@shared/domain/phone';
import type { Property } from '@shared/schemas/property';
import { WhatsappIcon } from '@web/components/brand-icons';
import { he } from '@web/i18n/he';
import { MessageSquareText, Phone } from 'lucide-react';
import { usePropertyContact } from './contact';

const t = he.inquiries.bar;
const item = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-sm font-semibold';

/** Phone widths: call, WhatsApp and inquire under the thumb (the caller makes it sticky at the bottom). */
export function ContactBar({ property, onInquire }: { property: Property; onInquire: () => void }) {
  const { phone, chatPhone, message } = usePropertyContact(property);
  return (
    <nav
      aria-label={t.label}
      className="z-30 flex border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
      data-testid="contact-bar"
    >
      {phone && (
        <a href={telLink(phone)} className={`${item} text-brand-800`}>
          <Phone size={20} aria-hidden /> {t.call}
        </a>
      )}
      {chatPhone && (
        <a
          href={whatsappLink(chatPhone, message)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${item} text-green-800`}
        >
          <WhatsappIcon size={20} /> {t.whatsapp}
        </a>
      )}
      <button type="button" onClick={onInquire} className={`${item} bg-brand-700 text-white`}>
        <MessageSquareText size={20} aria-hidden /> {t.inquire}
      </button>
    </nav>
  );
}
