import { describe, expect, it } from 'vitest';
import { variantSrcSet } from './image-variants';

describe('variantSrcSet', () => {
  it('lists every stored width up to the widest', () => {
    expect(variantSrcSet('/uploads/media/ab-12-1600.webp')).toBe(
      '/uploads/media/ab-12-320.webp 320w, /uploads/media/ab-12-640.webp 640w, /uploads/media/ab-12-960.webp 960w, /uploads/media/ab-12-1600.webp 1600w',
    );
    expect(variantSrcSet('/media/intro-poster-1600.webp')).toContain('/media/intro-poster-960.webp 960w');
  });

  it('stops at a smaller picture’s own width', () => {
    expect(variantSrcSet('/uploads/media/x-1200.webp')).toBe(
      '/uploads/media/x-320.webp 320w, /uploads/media/x-640.webp 640w, /uploads/media/x-960.webp 960w, /uploads/media/x-1200.webp 1200w',
    );
    expect(variantSrcSet('/uploads/media/x-500.webp')).toBe(
      '/uploads/media/x-320.webp 320w, /uploads/media/x-500.webp 500w',
    );
  });

  it('leaves any other URL alone', () => {
    for (const url of [
      '/media/intro-poster.webp',
      'https://cdn.example/poster-1600.webp',
      '/uploads/media/x-1600.jpg',
      '',
    ])
      expect(variantSrcSet(url), url).toBeUndefined();
  });
});
