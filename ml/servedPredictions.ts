import type { ServedPrediction } from '../contract/apiAgent';
import type { RawPrediction } from './types';

/*
 * What a served model answers (a web point, an edge agent's endpoint): label names instead of
 * indices, boxes in the image's pixels instead of 0–1, best score first. Both servers use this one
 * function, so the same image gets the same answer from each.
 */
export function toServedPredictions(
  raw: readonly RawPrediction[],
  labelNames: readonly string[],
  width: number,
  height: number,
  threshold = 0,
): ServedPrediction[] {
  const round = (v: number) => Math.round(v * 100) / 100;
  return raw
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .map((p) => {
      const label = labelNames[p.classIndex] ?? String(p.classIndex);
      const score = Math.round(p.score * 1e4) / 1e4;
      if (!p.box) return { label, score };
      const [x, y, w, h] = p.box;
      return {
        label,
        score,
        box: { x: round(x * width), y: round(y * height), width: round(w * width), height: round(h * height) },
      };
    });
}
