import { beforeAll, describe, expect, it } from 'vitest';
import { checkModelZip } from '../ml/modelZip';
import { tinyClassifierZip } from '../ml/testing/tinyClassifierZip';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { initServingRuntime, loadServingModel, rawOutputsFinite } from './loadServingModel';
import { damageModelZip } from './damageModelZip';

describe('damageModelZip', () => {
  beforeAll(async () => {
    await initServingRuntime();
  });

  it('keeps a model the upload check accepts, whose warm-up gives non-finite outputs', async () => {
    for (const zip of [await tinyClassifierZip(['cat', 'dog'], null), await redSquareDetectorZip('red')]) {
      const good = await loadServingModel(zip, { modelId: 'm', version: 'a' });
      expect(await rawOutputsFinite(good)).toBe(true);
      good.dispose();
      const damaged = damageModelZip(zip);
      const manifest = await checkModelZip(damaged);
      expect(manifest.labels.length).toBeGreaterThan(0);
      const bad = await loadServingModel(damaged, { modelId: 'm', version: 'b' });
      expect(await rawOutputsFinite(bad)).toBe(false);
      bad.dispose();
    }
  });

  it('refuses a zip that is not a model', () => {
    expect(() => damageModelZip(new Uint8Array([1, 2, 3]))).toThrow();
  });
});
