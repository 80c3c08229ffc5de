import type { Photo as PhotoData } from '@shared/schemas/property';

type Props = {
  photo: PhotoData;
  alt: string;
  sizes: string;
  className?: string;
  /** Above the fold: load at once and with high priority; otherwise lazily. */
  eager?: boolean;
};

/** A property photo: WebP variants as `srcset`, explicit dimensions so nothing shifts while it loads. */
export function Photo({ photo, alt, sizes, className = '', eager = false }: Props) {
  const largest = photo.variants.at(-1);
  const middle = photo.variants[1] ?? largest;
  return (
    <img
      src={middle?.url}
      srcSet={photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
