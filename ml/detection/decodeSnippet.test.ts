import { describe, expect, it } from 'vitest';
import type { ModelManifest } from '../../contract/apiModels';
import { DETECTION_DECODE_SNIPPET } from '../modelReadme';
import { seededRandom } from '../augment';
import { decodeGrid } from './centerGrid';

/*
 * The model zip's README carries a standalone decode function for users' own programs: it must
 * give what the product's decoder gives, box for box.
 */

const C = 3;
const G = 12;
const detection: NonNullable<ModelManifest['detection']> = {
  encoding: 'center-grid-v1',
  gridSize: G,
  scoreThreshold: 0.3,
  nmsIou: 0.5,
  maxDetections: 20,
};
const labels = ['circle', 'square', 'triangle'].map((name) => ({ name, color: '#000000' }));

type SnippetDecode = (manifest: object, output: Float32Array) => { label: string; score: number; box: number[] }[];
// The README's code, run as a user's program would run it.
const snippet = new Function(
  'manifest',
  'output',
  `${DETECTION_DECODE_SNIPPET}\nreturn decode(output);`,
) as SnippetDecode;

describe("the model README's decode snippet", () => {
  it('matches decodeGrid on random outputs', () => {
    const random = seededRandom(42);
    for (let trial = 0; trial < 20; trial++) {
      const output = new Float32Array(G * G * (C + 4));
      for (let i = 0; i < output.length; i++) {
        const k = i % (C + 4);
        output[i] = k < C ? random() * 8 - 6 : k < C + 2 ? random() : Math.log(0.05 + random() * 0.5);
      }
      const ours = decodeGrid(output, C, G, detection);
      const theirs = snippet({ labels, detection }, output);
      expect(ours.length).toBeGreaterThan(0);
      expect(theirs.map((p) => p.label)).toEqual(ours.map((p) => labels[p.classIndex]!.name));
      theirs.forEach((p, i) => {
        expect(p.score).toBeCloseTo(ours[i]!.score, 6);
        p.box.forEach((v, j) => expect(v).toBeCloseTo(ours[i]!.box![j]!, 6));
      });
    }
  });
});
