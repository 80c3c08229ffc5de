import { UserRound } from 'lucide-react';

/** A user's photo, or a placeholder icon when there is none. */
export function Avatar({ src, alt, size = 96 }: { src?: string | null; alt: string; size?: number }) {
  if (!src) {
    return (
      <span
        role="img"
        aria-label={alt}
        className="inline-flex items-center justify-center rounded-full bg-slate-200 text-slate-500"
        style={{ width: size, height: size }}
      >
        <UserRound aria-hidden="true" size={size * 0.6} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  );
}
