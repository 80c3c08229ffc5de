import type { Property } from '@shared/schemas/property';
import { Button } from '@web/components/button';
import { he } from '@web/i18n/he';
import { Images } from 'lucide-react';
import { useId, useState } from 'react';
import { ImageManager } from './image-manager';

const t = he.properties.images;

/** Admin: a button that opens the image manager of a property in place (card edit mode, property page). */
export function ImagesPanel({ property, heading }: { property: Property; heading?: 'h2' | 'h3' | 'h4' }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="self-start"
      >
        <Images size={16} aria-hidden /> {t.manage}
      </Button>
      <div id={id} hidden={!open} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
        {open && <ImageManager property={property} heading={heading} />}
      </div>
    </div>
  );
}
