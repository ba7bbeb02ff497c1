import { beforeAll, describe, expect, it } from 'vitest';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { damageModelZip } from './damageModelZip';
import { activateModel, createServingSlot, runtimeRefusal, type ServingSlot } from './activation';
import { initServingRuntime, loadServingModel } from './loadServingModel';
import { startLocalServer } from './localServer';
import { createServingMetrics } from './servingMetrics';
import { localHealthCheck } from './activation';

let good: Uint8Array;
let other: Uint8Array;

beforeAll(async () => {
  await initServingRuntime();
  good = await redSquareDetectorZip('defect');
  other = await redSquareDetectorZip('defect', '#1e88e5');
});

const healthy = async () => null;
const ids = (modelId: string, version: string) => ({ modelId, version, manifest: { version: 1 } });

async function serving(slot: ServingSlot, zip: Uint8Array, version: string) {
  slot.swap(await loadServingModel(zip, { modelId: 'first', version }));
}

describe('activateModel', () => {
  it('switches to a model that warms up and passes the health check, freeing the old one', async () => {
    const slot = createServingSlot();
    await serving(slot, good, 'v1');
    const old = slot.current()!;
    const result = await activateModel(other, ids('second', 'v2'), { slot, healthCheck: healthy });
    expect(result).toEqual({ outcome: 'succeeded' });
    expect(slot.current()?.version).toBe('v2');
    await expect(old.predict([])).rejects.toThrow(/unloaded/);
  });

  it('refuses a model whose warm-up is not finite; the previous keeps serving (rolled back)', async () => {
    const slot = createServingSlot();
    await serving(slot, good, 'v1');
    const result = await activateModel(damageModelZip(good), ids('bad', 'v2'), { slot, healthCheck: healthy });
    expect(result).toMatchObject({ outcome: 'rolled_back', code: 'warmup_failed' });
    expect(slot.current()?.version).toBe('v1');
    // With nothing serving before, the same model simply fails.
    const empty = createServingSlot();
    const alone = await activateModel(damageModelZip(good), ids('bad', 'v2'), { slot: empty, healthCheck: healthy });
    expect(alone).toMatchObject({ outcome: 'failed', code: 'warmup_failed' });
    expect(empty.current()).toBeNull();
  });

  it('switches back when the health check fails after the switch', async () => {
    const slot = createServingSlot();
    await serving(slot, good, 'v1');
    const seen: string[] = [];
    const result = await activateModel(other, ids('second', 'v2'), {
      slot,
      healthCheck: async (model) => {
        seen.push(slot.current()!.version, model.version);
        return 'the endpoint answered 500';
      },
    });
    // The check ran on the switched-to model, through the slot the endpoint reads.
    expect(seen).toEqual(['v2', 'v2']);
    expect(result).toEqual({
      outcome: 'rolled_back',
      code: 'health_check_failed',
      detail: 'the endpoint answered 500',
    });
    expect(slot.current()?.version).toBe('v1');
    expect(await slot.current()!.predict([])).toEqual([]);
  });

  it('refuses what the runtime cannot run or read, before touching what serves', async () => {
    const slot = createServingSlot();
    await serving(slot, good, 'v1');
    const future = await activateModel(
      good,
      { ...ids('m', 'v2'), manifest: { version: 2 } },
      { slot, healthCheck: healthy },
    );
    expect(future).toMatchObject({ outcome: 'rolled_back', code: 'runtime_unsupported' });
    const junk = await activateModel(new Uint8Array([80, 75, 3, 4, 0]), ids('m', 'v3'), { slot, healthCheck: healthy });
    expect(junk).toMatchObject({ outcome: 'rolled_back', code: 'model_unreadable' });
    expect(slot.current()?.version).toBe('v1');
    expect(runtimeRefusal({ version: 1 }, 'v18.19.0')).toMatch(/Node 20/);
    expect(runtimeRefusal({ version: 1 }, 'v20.0.0')).toBeNull();
  });

  it('checks health through the real endpoint', async () => {
    const slot = createServingSlot();
    const server = await startLocalServer({ port: 0, current: slot.current, metrics: createServingMetrics() });
    try {
      const result = await activateModel(good, ids('m1', 'v1'), {
        slot,
        healthCheck: localHealthCheck(() => server.url),
      });
      expect(result).toEqual({ outcome: 'succeeded' });
      // An endpoint that serves something else than the switched-to model fails the check.
      const wrong = await loadServingModel(other, { modelId: 'm2', version: 'v2' });
      expect(await localHealthCheck(() => server.url)(wrong)).toMatch(/404|version/);
      wrong.dispose();
    } finally {
      await server.close();
    }
  });
});
