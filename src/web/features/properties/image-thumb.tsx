import type { Photo as PhotoData } from '@shared/schemas/property';
import { he } from '@web/i18n/he';
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { Photo } from './photo';

const t = he.properties.images;
export type MoveDirection = 'earlier' | 'later';

type Props = {
  photo: PhotoData;
  index: number;
  count: number;
  address: string;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
};

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-300';

/**
 * One photo of the image manager. In RTL the earlier place is to the right, so 'earlier' comes first in the
 * row (rendered at the right) with an arrow pointing right; 'later' is at the left, pointing left.
 */
export function ImageThumb({ photo, index, count, address, onMove, onRemove }: Props) {
  const n = index + 1;
  return (
    <li
      data-photo={photo._id}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2"
    >
      <div className="relative">
        <Photo
          photo={photo}
          alt={t.thumbAlt(address, n)}
          sizes="200px"
          className="aspect-[4/3] h-auto w-full rounded-lg object-cover"
        />
        <span className="absolute start-1 top-1 rounded-full bg-white/90 px-2 text-sm font-bold text-slate-900">
          {n}
        </span>
        {index === 0 && (
          <span className="absolute bottom-1 start-1 rounded-full bg-brand-800 px-2 text-xs font-bold text-white">
            {t.main}
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-1">
        <button
          type="button"
          data-move="earlier"
          disabled={index === 0}
          onClick={() => onMove('earlier')}
          aria-label={t.earlier(n)}
          className={iconButton}
        >
          <ChevronRight size={18} aria-hidden />
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t.remove(n)}
          className={`${iconButton} text-red-700`}
        >
          <Trash2 size={18} aria-hidden />
        </button>
        <button
          type="button"
          data-move="later"
          disabled={index === count - 1}
          onClick={() => onMove('later')}
          aria-label={t.later(n)}
          className={iconButton}
        >
          <ChevronLeft size={18} aria-hidden />
        </button>
      </div>
    </li>
  );
}
