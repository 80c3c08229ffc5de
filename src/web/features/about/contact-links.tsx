import { telLink, whatsappLink } from '@shared/domain/phone';
import { WhatsappIcon } from '@web/components/brand-icons';
import { buttonClass } from '@web/components/button';
import { he } from '@web/i18n/he';
import { Phone } from 'lucide-react';

/**
 * Call and WhatsApp buttons for one person; WhatsApp to `whatsappPhone` when given (an office's landline is no
 * WhatsApp number: the agency's line instead), none when it is null.
 */
export function ContactLinks({
  phone,
  whatsappPhone,
  callLabel,
  whatsappLabel,
  callText,
  whatsappText,
}: {
  phone: string;
  whatsappPhone?: string | null;
  callLabel: string;
  whatsappLabel: string;
  callText?: string;
  whatsappText?: string;
}) {
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <a
        href={telLink(phone)}
        aria-label={callText ? undefined : callLabel}
        className={buttonClass('primary')}
      >
        <Phone aria-hidden="true" size={18} />
        {callText ?? <span dir="ltr">{phone}</span>}
      </a>
      {whatsappPhone !== null && (
        <a
          href={whatsappLink(whatsappPhone ?? phone)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={whatsappText ? undefined : whatsappLabel}
          className={buttonClass('secondary')}
        >
          <WhatsappIcon size={18} />
          {whatsappText ?? he.nav.whatsapp}
        </a>
      )}
    </div>
  );
}
