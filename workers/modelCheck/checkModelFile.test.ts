import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTf } from '../../ml/runtime';
import { TINY_CLASSIFIER_INPUT, tinyClassifierZip } from '../../ml/testing/tinyClassifierZip';
import { checkModelFile } from './checkModelFile';

/*
 * The browser's check before an upload, on real zips: one written by ml/modelZip from a small
 * network, and broken ones. What it refuses, the server would refuse with the same code.
 */

let good: Blob;

beforeAll(async () => {
  await initTf(['cpu']);
  good = new Blob([(await tinyClassifierZip(['cat', 'dog'], 'night')) as Uint8Array<ArrayBuffer>]);
});

const classification = { task: 'classification' as const, labelNames: ['cat', 'dog', 'bird'] };

describe('checkModelFile', () => {
  it('answers what the zip holds when it fits the project', async () => {
    expect(await checkModelFile(good, classification)).toEqual({
      ok: true,
      task: 'classification',
      network: 'classifier-compact',
      inputSize: TINY_CLASSIFIER_INPUT,
      labels: ['cat', 'dog'],
      tag: 'night',
    });
  });

  it('names the labels the project lacks', async () => {
    expect(await checkModelFile(good, { task: 'classification', labelNames: ['cat', 'bird'] })).toEqual({
      ok: false,
      code: 'model_labels_unknown',
      detail: 'dog',
    });
    expect(await checkModelFile(good, { task: 'classification', labelNames: ['Cat', ' dog'] })).toMatchObject({
      ok: true,
    });
  });

  it('refuses a model of another task, and any model where the project type trains none', async () => {
    expect(await checkModelFile(good, { ...classification, task: 'detection' })).toMatchObject({
      ok: false,
      code: 'model_task_mismatch',
    });
    expect(await checkModelFile(good, { ...classification, task: null })).toMatchObject({
      ok: false,
      code: 'model_task_mismatch',
    });
  });

  it('refuses what is not a zip, and a zip without its manifest', async () => {
    expect(await checkModelFile(new Blob([strToU8('not a zip at all')]), classification)).toMatchObject({
      ok: false,
      code: 'model_not_zip',
    });
    const bare = zipSync({ 'model.json': strToU8('{}') });
    expect(await checkModelFile(new Blob([bare as Uint8Array<ArrayBuffer>]), classification)).toMatchObject({
      ok: false,
      code: 'model_manifest_missing',
    });
  });
});
