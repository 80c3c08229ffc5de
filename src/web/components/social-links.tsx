import { whatsappLink } from '@shared/domain/phone';
import type { PublicSettings } from '@shared/schemas/settings';
import { he } from '../i18n/he';
import { FacebookIcon, InstagramIcon, WhatsappIcon } from './brand-icons';

type Props = { settings: PublicSettings; linkClassName: string };

/** The agency's WhatsApp, Facebook and Instagram links (list items, for a `<ul>` of the caller). */
export function SocialLinks({ settings, linkClassName }: Props) {
  const links = [
    { href: whatsappLink(settings.whatsappPhone), label: he.nav.whatsapp, Icon: WhatsappIcon },
    { href: settings.facebookUrl, label: he.nav.facebook, Icon: FacebookIcon },
    { href: settings.instagramUrl, label: he.nav.instagram, Icon: InstagramIcon },
  ].filter((link) => link.href);
  return links.map(({ href, label, Icon }) => (
    <li key={label}>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={linkClassName}>
        <Icon />
      </a>
    </li>
  ));
}
