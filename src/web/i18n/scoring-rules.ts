import { METRIC_KEYS, type MetricKey } from '@shared/domain/metrics';
import { plural } from '@shared/domain/plural';
import { SCORE_WEIGHTS } from '@shared/domain/scoring';

/** One action of each metric, as the rules name it ('כל עסקה'). */
const ONE_ACTION: Record<MetricKey, string> = {
  meetings: 'פגישה',
  exclusives: 'בלעדיות',
  priceUpdates: 'עדכון מחיר',
  buyerTours: 'סיור קונים',
  priceOffers: 'הצעת מחיר',
  deals: 'עסקה',
};

const points = (n: number) => plural(n, { one: 'נקודה אחת', other: '{n} נקודות' });

/** 'א', 'א או ב', 'א, ב או ג'. */
function orList(items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} או ${items.at(-1)}`;
}

/**
 * The ranking's rules text, derived from SCORE_WEIGHTS: one line per weight, highest first; metrics that share
 * a weight share a line ('כל פגישה, עדכון מחיר או סיור קונים = נקודה אחת לכל פעולה').
 */
export function scoringRules(weights: Record<MetricKey, number> = SCORE_WEIGHTS): string[] {
  const byWeight = new Map<number, MetricKey[]>();
  for (const key of METRIC_KEYS) byWeight.set(weights[key], [...(byWeight.get(weights[key]) ?? []), key]);
  return [...byWeight.entries()]
    .sort(([a], [b]) => b - a)
    .map(([weight, keys]) => {
      const actions = orList(keys.map((key) => ONE_ACTION[key]));
      return keys.length === 1
        ? `כל ${actions} = ${points(weight)}`
        : `כל ${actions} = ${points(weight)} לכל פעולה`;
    });
}
