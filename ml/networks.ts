import type { Network } from '../contract/apiTraining';
import { classifierCompactPlugin, classifierStandardPlugin } from './classification/classifierPlugin';
import type { NetworkPlugin } from './types';

/*
 * The registry of trainable networks: each network of contract/apiTraining.ts NETWORKS maps to
 * the plugin that knows its backbone cut, head, targets, loss and decoding.
 */

const detectorCompactPlugin: NetworkPlugin | null = null;

/** The plugin of a network; throws for a network this build cannot train or run. */
export function networkPlugin(network: Network): NetworkPlugin {
  switch (network) {
    case 'classifier-compact':
      return classifierCompactPlugin;
    case 'classifier-standard':
      return classifierStandardPlugin;
    case 'detector-compact':
      if (!detectorCompactPlugin) throw new Error('The network detector-compact is not available in this build');
      return detectorCompactPlugin;
    default:
      throw new Error(`Unknown network: ${String(network)}`);
  }
}
