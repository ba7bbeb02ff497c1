import { describe, expect, it } from 'vitest';
import { classificationEvaluation } from './classificationEvaluation';
import { detectionEvaluation, type DetectionEvalImage } from './detectionEvaluation';
import { meanAp50 } from './meanAp50';

describe('classificationEvaluation', () => {
  const items = [
    { imageId: 'a', labelId: 'cat', predictedLabelId: 'cat', score: 0.9 },
    { imageId: 'b', labelId: 'cat', predictedLabelId: 'dog', score: 0.8 },
    { imageId: 'c', labelId: 'dog', predictedLabelId: 'dog', score: 0.7 },
    { imageId: 'd', labelId: 'dog', predictedLabelId: 'dog', score: 0.6 },
    { imageId: 'e', labelId: 'dog', predictedLabelId: 'cat', score: 0.55 },
  ];
  const evaluation = classificationEvaluation(items, ['cat', 'dog']);

  it('counts accuracy, the confusion matrix and its cells', () => {
    expect(evaluation.accuracy).toBeCloseTo(3 / 5);
    expect(evaluation.confusion.matrix).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(evaluation.confusion.images['0,1']).toEqual(['b']);
    expect(evaluation.confusion.images['1,1']).toEqual(['c', 'd']);
  });

  it('computes precision, recall and F1 per class', () => {
    const dog = evaluation.perClass.find((c) => c.labelId === 'dog')!;
    expect(dog.precision).toBeCloseTo(2 / 3);
    expect(dog.recall).toBeCloseTo(2 / 3);
    expect(dog.f1).toBeCloseTo(2 / 3);
    expect(dog.support).toBe(3);
  });

  it('lists the wrong predictions, most confident first', () => {
    expect(evaluation.mistakes.map((m) => m.imageId)).toEqual(['b', 'e']);
    expect(evaluation.mistakes[0]).toMatchObject({ kind: 'wrong_class', labelId: 'cat', predictedLabelId: 'dog' });
  });
});

describe('detectionEvaluation', () => {
  const images: DetectionEvalImage[] = [
    {
      imageId: 'i1',
      truths: [
        { labelId: 'car', box: [10, 10, 100, 100] },
        { labelId: 'person', box: [300, 300, 50, 120] },
      ],
      predictions: [
        { labelId: 'car', box: [12, 12, 98, 100], score: 0.95 },
        { labelId: 'car', box: [300, 300, 50, 118], score: 0.7 }, // a person called a car
        { labelId: 'car', box: [600, 50, 60, 60], score: 0.9 }, // nothing there
      ],
    },
    {
      imageId: 'i2',
      truths: [{ labelId: 'car', box: [50, 50, 200, 100] }],
      predictions: [{ labelId: 'car', box: [52, 48, 200, 102], score: 0.3 }],
    },
  ];
  const evaluation = detectionEvaluation(images, ['car', 'person']);

  it('reports per-class AP and the means', () => {
    const car = evaluation.perClass.find((c) => c.labelId === 'car')!;
    const person = evaluation.perClass.find((c) => c.labelId === 'person')!;
    expect(car.gtCount).toBe(2);
    expect(person.ap50).toBe(0);
    // car: detections by score 0.95 TP, 0.9 FP, 0.7 FP, 0.3 TP → precision made monotone.
    expect(car.ap50).toBeGreaterThan(0.5);
    expect(car.ap50).toBeLessThan(1);
    expect(evaluation.map50).toBeCloseTo((car.ap50 + person.ap50) / 2);
    expect(evaluation.prCurve).toHaveLength(101);
  });

  it('marks the best F1 threshold and the precision/recall at each threshold', () => {
    const at = (s: number) => evaluation.thresholds.find((t) => Math.abs(t.score - s) < 1e-9)!;
    expect(at(0.25)).toMatchObject({ precision: 0.5, recall: 2 / 3 });
    expect(at(0.8)).toMatchObject({ precision: 0.5, recall: 1 / 3 });
    expect(at(0.95)).toMatchObject({ precision: 1, recall: 1 / 3 });
    const maxF1 = Math.max(...evaluation.thresholds.map((t) => t.f1));
    expect(evaluation.bestThreshold.f1).toBe(maxF1);
  });

  it('names the mistakes at the best threshold', () => {
    const kinds = evaluation.mistakes.map((m) => `${m.kind}:${m.imageId}`);
    expect(kinds).toContain('wrong_class:i1');
    expect(kinds).toContain('false_positive:i1');
    const wrong = evaluation.mistakes.find((m) => m.kind === 'wrong_class')!;
    expect(wrong).toMatchObject({ labelId: 'person', predictedLabelId: 'car' });
  });
});

describe('meanAp50', () => {
  it('is 1 for perfect predictions and drops with misses', () => {
    const truths = [
      [{ classIndex: 0, x: 0.1, y: 0.1, w: 0.3, h: 0.3 }],
      [{ classIndex: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.2 }],
    ];
    const perfect = truths.map((boxes) =>
      boxes.map((b) => ({
        classIndex: b.classIndex,
        score: 0.9,
        box: [b.x, b.y, b.w, b.h] as [number, number, number, number],
      })),
    );
    expect(meanAp50(perfect, truths, 2)).toBeCloseTo(1);
    expect(meanAp50([perfect[0]!, []], truths, 2)).toBeCloseTo(0.5);
  });
});
