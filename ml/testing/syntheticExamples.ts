import { syntheticShapes, type SyntheticOptions } from '../synthetic';
import type { Target, TrainingExample } from '../types';

/** A synthetic set as training examples (keys `${prefix}${i}`), plus its labels and raw items. */
export function syntheticExamples(options: SyntheticOptions, prefix = 'synthetic-') {
  const set = syntheticShapes(options);
  const examples: TrainingExample[] = set.items.map((item, i) => ({
    key: `${prefix}${options.seed}-${i}`,
    load: async () => item.image,
    target: item.target as Target,
  }));
  return { labels: set.labels, items: set.items, examples };
}
