import { paths } from '@shared/paths';
import type { Property } from '@shared/schemas/property';
import { WhatsappIcon } from '@web/components/brand-icons';
import { he } from '@web/i18n/he';
import { toast } from '@web/lib/toast';
import { Link2, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';

const t = he.inquiries.share;
const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium';

/** The page's address: the canonical link when the server rendered one, else this page's own URL. */
function propertyUrl(id: string): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical || new URL(paths.propertyView(id), window.location.origin).href;
}

/** Share: the system share sheet where the browser has one, else WhatsApp; copying the link everywhere. */
export function ShareButtons({ property: p }: { property: Property }) {
  // Known only in the browser: the server renders the WhatsApp fallback, the browser may swap it.
  const [canShare, setCanShare] = useState(false);
  const [url, setUrl] = useState(paths.propertyView(p._id));
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    setUrl(propertyUrl(p._id));
  }, [p._id]);
  const text = t.text(p.category, p.address, p.city);

  const share = async () => {
    try {
      await navigator.share({ title: document.title, text, url });
    } catch {
      // The visitor closed the share sheet: nothing to do.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };

  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t.label}</legend>
      {canShare ? (
        <button type="button" onClick={share} className={`${base} border-brand-700 text-brand-800`}>
          <Share2 size={18} aria-hidden /> {t.native}
        </button>
      ) : (
        <a
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={`${base} border-green-700 text-green-800`}
        >
          <WhatsappIcon size={18} /> {t.whatsapp}
        </a>
      )}
      <button type="button" onClick={copy} className={`${base} border-slate-400 text-slate-800`}>
        <Link2 size={18} aria-hidden /> {t.copy}
      </button>
    </fieldset>
  );
}
