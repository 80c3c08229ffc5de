import type { Photo as PhotoData } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { ImageOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Photo } from './photo';

const Slider = lazy(() => import('./slider').then((m) => ({ default: m.Slider })));
const t = he.properties.view;

/** Grid by photo count, so no column is left empty: one photo fills, two share, three or more take the SPEC layout. */
const LAYOUTS = {
  one: { grid: 'sm:aspect-[5/2] sm:grid-rows-1', main: '', mainSizes: '100vw' },
  two: {
    grid: 'sm:aspect-[5/2] sm:grid-cols-2 sm:grid-rows-1',
    main: '',
    mainSizes: '(min-width: 640px) 50vw, 100vw',
  },
  many: {
    grid: 'sm:aspect-[5/2] sm:grid-cols-3 sm:grid-rows-2',
    main: 'sm:col-span-2 sm:row-span-2',
    mainSizes: '(min-width: 640px) 66vw, 100vw',
  },
} as const;

/** Main image and up to two side images; any of them, or 'show N images', opens the full-screen viewer. */
export function Gallery({ photos, address }: { photos: PhotoData[]; address: string }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  if (photos.length === 0) {
    return (
      <div
        role="status"
        className="flex aspect-[3/1] items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-600"
      >
        <ImageOff aria-hidden /> {t.noImages}
      </div>
    );
  }
  const [main, ...rest] = photos;
  const layout = photos.length === 1 ? LAYOUTS.one : photos.length === 2 ? LAYOUTS.two : LAYOUTS.many;
  const side = rest.slice(0, 2);
  return (
    <section aria-label={t.gallery} className="relative" data-photo-count={photos.length}>
      <div className={`grid gap-2 ${layout.grid}`}>
        <GalleryButton index={0} onOpen={setOpenAt} className={layout.main}>
          <Photo
            photo={main!}
            alt={t.photoAlt(address, 1)}
            sizes={layout.mainSizes}
            eager
            className="h-full w-full object-cover"
          />
        </GalleryButton>
        {side.map((photo, i) => (
          <GalleryButton key={photo._id} index={i + 1} onOpen={setOpenAt} className="hidden sm:block">
            <Photo
              photo={photo}
              alt={t.photoAlt(address, i + 2)}
              sizes={photos.length === 2 ? '50vw' : '33vw'}
              eager
              className="h-full w-full object-cover"
            />
          </GalleryButton>
        ))}
      </div>
      {photos.length > 1 && (
        // On a phone only the main photo shows, so the button is there whenever more exist.
        <button
          type="button"
          onClick={() => setOpenAt(0)}
          className={`absolute bottom-3 end-3 rounded-lg bg-white/95 px-4 py-2 font-semibold text-brand-900 shadow ${photos.length > 3 ? '' : 'sm:hidden'}`}
        >
          {t.showAll(photos.length)}
        </button>
      )}
      {openAt !== null && (
        <Suspense fallback={null}>
          <Slider photos={photos} address={address} startIndex={openAt} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </section>
  );
}

function GalleryButton({
  index,
  onOpen,
  className,
  children,
}: {
  index: number;
  onOpen: (index: number) => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(index)}
      className={`aspect-[3/2] min-h-0 overflow-hidden rounded-xl bg-slate-100 sm:aspect-auto ${className}`}
    >
      {children}
    </button>
  );
}
