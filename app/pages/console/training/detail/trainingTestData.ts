import type {
  ClassificationEvaluation,
  DetectionEvaluation,
  EpochMetrics,
  Training,
} from '../../../../../contract/apiTraining';

/** Fixtures of the training page's tests, shaped as the contract says. */
export function epochs(n: number): EpochMetrics[] {
  return Array.from({ length: n }, (_, i) => ({
    epoch: i + 1,
    loss: 1 / (i + 2),
    accuracy: 0.5 + i * 0.1,
    valLoss: 1.1 / (i + 2),
    valAccuracy: 0.45 + i * 0.1,
    seconds: 2,
  }));
}

export function trainingFixture(over: Partial<Training> = {}): Training {
  return {
    id: 't1',
    number: 3,
    projectId: 'p1',
    status: 'running',
    step: 'learning',
    progress: 0.4,
    annotationType: 'class',
    splitType: 'project',
    modelTag: 'v1',
    network: 'classifier-compact',
    task: 'classification',
    settings: {
      split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
      labelIds: ['l1', 'l2'],
      pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
      network: 'classifier-compact',
      hyperparameters: {
        iterations: 5,
        batchSize: 16,
        learningRate: 0.001,
        inputSize: 224,
        augmentation: { enabled: true, flip: true, shift: false, brightness: true },
      },
      modelTag: 'v1',
      trainerId: 'auto',
    },
    datasetCount: 30,
    splitCounts: { train: 21, validation: 6, test: 3 },
    trigger: 'manual',
    trainerId: 'embedded',
    createdBy: { id: 'u1', name: '김라벨' },
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: '2026-01-01T00:00:01Z',
    endedAt: null,
    epoch: 2,
    epochs: 5,
    batch: 1,
    batches: 2,
    loss: 0.3333,
    accuracy: 0.6,
    etaSeconds: 125,
    history: epochs(2),
    stopRequested: false,
    error: null,
    modelId: null,
    evaluation: null,
    deployments: [],
    ...over,
  };
}

export const classificationEvaluation: ClassificationEvaluation = {
  task: 'classification',
  testImages: 6,
  accuracy: 4 / 6,
  perClass: [
    { labelId: 'l1', precision: 0.75, recall: 1, f1: 6 / 7, support: 3 },
    { labelId: 'l2', precision: 0.5, recall: 1 / 3, f1: 0.4, support: 3 },
  ],
  confusion: {
    labelIds: ['l1', 'l2'],
    matrix: [
      [3, 0],
      [2, 1],
    ],
    images: { '0,0': ['i1', 'i2', 'i3'], '1,0': ['i4', 'i5'], '1,1': ['i6'] },
  },
  mistakes: [
    { imageId: 'i4', kind: 'wrong_class', labelId: 'l2', predictedLabelId: 'l1', score: 0.91, box: null },
    { imageId: 'i5', kind: 'wrong_class', labelId: 'l2', predictedLabelId: 'l1', score: 0.64, box: null },
  ],
};

export const detectionEvaluation: DetectionEvaluation = {
  task: 'detection',
  testImages: 4,
  map50: 0.812,
  map5095: 0.503,
  perClass: [
    { labelId: 'l1', ap50: 0.9, ap5095: 0.6, gtCount: 5 },
    { labelId: 'l2', ap50: 0.724, ap5095: 0.406, gtCount: 4 },
  ],
  prCurve: Array.from({ length: 101 }, (_, i) => ({ recall: i / 100, precision: i <= 80 ? 0.95 : 0 })),
  thresholds: Array.from({ length: 19 }, (_, i) => {
    const score = 0.05 * (i + 1);
    return { score, precision: 0.5 + i * 0.025, recall: 0.95 - i * 0.04, f1: 0.6 + (i === 9 ? 0.2 : 0) };
  }),
  bestThreshold: { score: 0.5, precision: 0.725, recall: 0.59, f1: 0.8 },
  mistakes: [
    {
      imageId: 'i7',
      kind: 'false_positive',
      labelId: null,
      predictedLabelId: 'l1',
      score: 0.88,
      box: [10, 20, 30, 40],
    },
    { imageId: 'i8', kind: 'miss', labelId: 'l2', predictedLabelId: null, score: null, box: [5, 5, 50, 50] },
  ],
};
