import { describe, expect, it } from 'vitest';
import { acceptOps, machineLabelsOf } from './machineLabels';
import { outputLabels, proposalToBox, storedToProposals, toProposals } from './assistProposals';

const project = [{ id: 'l1' }, { id: 'l2' }, { id: 'l3' }];

describe('assist proposals', () => {
  it("maps the model's outputs to the project's labels by id, dropping labels the project lost", () => {
    const outputs = outputLabels([{ id: 'l3' }, { id: 'gone' }, { id: 'l1' }], project);
    expect(outputs).toEqual([2, -1, 0]);
    const { boxes, classes } = toProposals(
      [
        { classIndex: 0, score: 0.9, box: { x: 1, y: 2, width: 30, height: 40 } },
        { classIndex: 1, score: 0.8, box: { x: 1, y: 2, width: 30, height: 40 } },
        { classIndex: 2, score: 0.7, box: null },
      ],
      outputs,
      project,
    );
    expect(boxes).toEqual([{ id: 'p1', box: { x: 1, y: 2, width: 30, height: 40 }, label: 2, score: 0.9 }]);
    expect(classes).toEqual([{ labelId: 'l1', label: 0, score: 0.7 }]);
  });

  it("reads a training's stored predictions (image px tuples, label ids)", () => {
    expect(
      storedToProposals(
        [
          { labelId: 'l2', score: 0.5, box: [10, 20, 30, 40] },
          { labelId: 'x', score: 0.9, box: [0, 0, 1, 1] },
          { labelId: 'l1', score: 0.9, box: null },
        ],
        project,
      ),
    ).toEqual([{ id: 't1', box: { x: 10, y: 20, width: 30, height: 40 }, label: 1, score: 0.5 }]);
  });

  it('an accepted proposal becomes a whole-pixel box about its centre, at least 20 px a side, inside the image', () => {
    const image = { width: 100, height: 80 };
    expect(
      proposalToBox({ id: 'p', box: { x: 10.4, y: 20.6, width: 30.2, height: 25 }, label: 1, score: 1 }, image),
    ).toEqual({
      id: 'p',
      x: 11,
      y: 21,
      width: 30,
      height: 25,
      label: 1,
    });
    // 6 × 4 px at the right edge: grown about its centre to 20 × 20, pushed back inside.
    expect(proposalToBox({ id: 'p', box: { x: 95, y: 0, width: 6, height: 4 }, label: 0, score: 1 }, image)).toEqual({
      id: 'p',
      x: 80,
      y: 0,
      width: 20,
      height: 20,
      label: 0,
    });
  });
});

describe('machine labels', () => {
  const annotations = [
    {
      id: 'a',
      labelId: 'l1',
      kind: 'box' as const,
      x: 1,
      y: 2,
      width: 30,
      height: 40,
      version: 3,
      source: 'machine' as const,
      score: 0.7,
    },
    { id: 'b', labelId: 'l2', kind: 'box' as const, x: 5, y: 5, width: 20, height: 20, version: 1 },
    {
      id: 'c',
      labelId: 'l1',
      kind: 'polygon' as const,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      points: [0, 0, 10, 0, 10, 10],
      version: 1,
      source: 'machine' as const,
    },
  ];

  it('are the annotations whose source is machine, with their scores', () => {
    expect([...machineLabelsOf(annotations)]).toEqual([
      ['a', 0.7],
      ['c', null],
    ]);
    expect(machineLabelsOf(null).size).toBe(0);
  });

  it('accepting writes each one unchanged (a put), and nothing for a person label or an unknown id', () => {
    const ops = acceptOps(['a', 'b', 'c', 'zz'], annotations, machineLabelsOf(annotations));
    expect(ops).toEqual([
      { type: 'put', annotation: { id: 'a', labelId: 'l1', kind: 'box', x: 1, y: 2, width: 30, height: 40 } },
      {
        type: 'put',
        annotation: {
          id: 'c',
          labelId: 'l1',
          kind: 'polygon',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          points: [0, 0, 10, 0, 10, 10],
        },
      },
    ]);
  });
});
