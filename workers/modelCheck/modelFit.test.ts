import { describe, expect, it } from 'vitest';
import type { ModelManifest } from '../../contract/apiModels';
import { modelFit } from './modelFit';

const manifest = {
  task: 'detection',
  network: 'detector-compact',
  inputSize: 256,
  labels: [
    { name: 'scratch', color: '#e53935' },
    { name: 'dent', color: '#1e88e5' },
  ],
  tag: null,
} as unknown as ModelManifest;

describe('modelFit', () => {
  it('summarizes a model that fits', () => {
    expect(modelFit(manifest, { task: 'detection', labelNames: ['dent', 'scratch', 'crack'] })).toEqual({
      ok: true,
      task: 'detection',
      network: 'detector-compact',
      inputSize: 256,
      labels: ['scratch', 'dent'],
      tag: null,
    });
  });

  it('compares label names as the server does: trimmed and case-blind', () => {
    expect(modelFit(manifest, { task: 'detection', labelNames: [' Scratch', 'DENT '] })).toMatchObject({ ok: true });
    expect(modelFit(manifest, { task: 'detection', labelNames: ['scratch', 'dents'] })).toEqual({
      ok: false,
      code: 'model_labels_unknown',
      detail: 'dent',
    });
  });

  it('refuses another task first', () => {
    expect(modelFit(manifest, { task: 'classification', labelNames: [] })).toEqual({
      ok: false,
      code: 'model_task_mismatch',
      detail: null,
    });
  });
});
