import { BENCH_CATEGORIES, BENCH_CITIES, BENCH_STREETS } from './properties-seed';

const SORTS = ['newest', 'priceAsc', 'priceDesc', 'roomsAsc', 'roomsDesc'];

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;
const between = (min: number, max: number, step: number) =>
  min + step * Math.floor((Math.random() * (max - min)) / step);

/** One random filter set as the search form builds it: deal type always, the rest optional. */
function randomSearch(): string {
  const sale = chance(2 / 3);
  const q = new URLSearchParams({ type: sale ? 'sale' : 'rent' });
  if (chance(0.8)) {
    q.set('city', pick(BENCH_CITIES));
    if (chance(0.2)) q.set('street', pick(BENCH_STREETS));
  }
  if (chance(0.3)) q.set('category', pick(BENCH_CATEGORIES));
  if (chance(0.5)) {
    const minRooms = between(1, 5, 0.5);
    q.set('minRooms', String(minRooms));
    if (chance(0.5)) q.set('maxRooms', String(minRooms + between(1, 4, 0.5)));
  }
  if (chance(0.7)) {
    const [low, high, step] = sale ? [500_000, 8_000_000, 10_000] : [2_000, 15_000, 100];
    const minPrice = between(low, high, step);
    if (chance(0.6)) q.set('minPrice', String(minPrice));
    if (chance(0.7)) q.set('maxPrice', String(minPrice + between(step * 20, high, step)));
  }
  if (chance(0.5)) q.set('sort', pick(SORTS));
  if (chance(0.3)) q.set('page', String(between(2, 6, 1)));
  return `/api/v1/property/search?${q}`;
}

/** Search paths whose filter sets never repeat within a run, so no answer can come from a read cache. */
export function distinctSearches() {
  const seen = new Set<string>();
  return {
    next(): string {
      for (;;) {
        const path = randomSearch();
        // Key on the filters only: the same filters on another page or sort share a cached total.
        const q = new URLSearchParams(path.split('?')[1]);
        q.delete('page');
        q.delete('sort');
        const key = q.toString();
        if (!seen.has(key)) {
          seen.add(key);
          return path;
        }
      }
    },
  };
}
