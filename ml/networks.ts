import type { Network } from '../contract/apiTraining';
import { classifierCompactPlugin, classifierStandardPlugin } from './classification/classifierPlugin';
import { detectorCompactPlugin } from './detection/detectorPlugin';
import type { NetworkPlugin } from './types';

/*
 * The registry of trainable networks: each network of contract/apiTraining.ts NETWORKS maps to
 * the plugin that knows its backbone cut, head, targets, loss and decoding.
 */

/** The plugin of a network; throws for a network this build cannot train or run. */
export function networkPlugin(network: Network): NetworkPlugin {
  switch (network) {
    case 'classifier-compact':
      return classifierCompactPlugin;
    case 'classifier-standard':
      return classifierStandardPlugin;
    case 'detector-compact':
      return detectorCompactPlugin;
    default:
      throw new Error(`Unknown network: ${String(network)}`);
  }
}
