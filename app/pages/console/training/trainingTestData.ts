import type { Model } from '../../../../contract/apiModels';
import type { Trainer, Training } from '../../../../contract/apiTraining';

/** Fixtures of the training and models component tests, shaped as the contract's answers. */

export function trainerFixture(over: Partial<Trainer> = {}): Trainer {
  return {
    id: 'tr1',
    name: 'api-embedded',
    backend: 'wasm',
    embedded: true,
    online: true,
    busy: false,
    featureMsPerImage: 50,
    headMsPerSample: 0.5,
    lastSeenAt: '2026-01-03T00:00:00Z',
    ...over,
  };
}

export function trainingFixture(over: Partial<Training> = {}): Training {
  return {
    id: 't1',
    number: 1,
    projectId: 'p1',
    status: 'completed',
    step: 'completed',
    progress: 1,
    annotationType: 'box',
    splitType: 'project',
    modelTag: 'v1',
    network: 'detector-compact',
    task: 'detection',
    settings: {
      split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
      labelIds: ['l1'],
      pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
      network: 'detector-compact',
      hyperparameters: {
        iterations: 30,
        batchSize: 16,
        learningRate: 0.001,
        inputSize: 256,
        augmentation: { enabled: true, flip: true, shift: true, brightness: true },
      },
      modelTag: 'v1',
      trainerId: 'auto',
    },
    datasetCount: 40,
    splitCounts: { train: 28, validation: 8, test: 4 },
    trigger: 'manual',
    trainerId: 'tr1',
    createdBy: { id: 'u1', name: '김라벨' },
    createdAt: '2026-01-03T00:00:00Z',
    startedAt: '2026-01-03T00:00:05Z',
    endedAt: '2026-01-03T00:04:00Z',
    epoch: 30,
    epochs: 30,
    batch: 2,
    batches: 2,
    loss: 0.12345,
    accuracy: 0.8731,
    etaSeconds: null,
    history: [],
    stopRequested: false,
    error: null,
    modelId: 'm1',
    evaluation: null,
    deployments: [],
    ...over,
  };
}

export function modelFixture(over: Partial<Model> = {}): Model {
  return {
    id: 'm1',
    projectId: 'p1',
    tag: 'v1',
    task: 'detection',
    network: 'detector-compact',
    backbone: 'mobilenet-v2',
    inputSize: 256,
    labels: [{ id: 'l1', name: 'cat', color: '#e53935' }],
    metrics: { map50: 0.71, map5095: 0.42 },
    trainingId: 't1',
    source: 'trained',
    bytes: 3_200_000,
    createdBy: { id: 'u1', name: '김라벨' },
    createdAt: '2026-01-03T00:04:00Z',
    assist: false,
    ...over,
  };
}
