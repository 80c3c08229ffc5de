import { paths } from '@shared/paths';
import { he } from '@web/i18n/he';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { useSimilar } from './api';
import { Photo } from './photo';
import { listingPrice } from './property-facts';

/** Up to five similar properties (chosen by the server) as mini cards. */
export function SimilarList({ id }: { id: string }) {
  const similar = useSimilar(id).data ?? [];
  if (similar.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-12">
      <h2 id="similar-title" className="mb-4 text-2xl font-bold text-brand-900">
        {he.properties.view.similar}
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
        {similar.map((p) => (
          <li
            key={p._id}
            data-testid="similar-card"
            className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-900"
          >
            <div className="aspect-[3/2] bg-slate-100">
              {p.photos[0] ? (
                <Photo
                  photo={p.photos[0]}
                  alt=""
                  sizes="(min-width: 1024px) 18vw, 45vw"
                  className="h-full w-full object-cover"
                />
              ) : (
                <div className="flex h-full items-center justify-center text-slate-500">
                  <ImageOff aria-hidden />
                </div>
              )}
            </div>
            <div className="p-2 text-sm">
              <p className="text-slate-600">{p.category}</p>
              <p className="font-semibold">
                {/* One link covers the whole card; its name is the address. */}
                <Link
                  to={paths.propertyView(p._id)}
                  className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                >
                  {p.address}
                </Link>
              </p>
              <p className="font-bold text-brand-800">{listingPrice(p)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
