import { useEffect, useState } from 'react';
import type { Box, Engine } from '../../../../engine';

const NONE: readonly Box[] = [];

/**
 * The engine's boxes as the side panel shows them (the list, the per-class counts). Read again
 * after each committed change at most once a frame; drag previews (every pointer move) are
 * skipped, so a drag of one box among 100,000 does not copy them all on each move.
 */
export function useStudioBoxes(engine: Engine | null): readonly Box[] {
  const [boxes, setBoxes] = useState<readonly Box[]>(NONE);
  useEffect(() => {
    if (!engine) {
      setBoxes(NONE);
      return undefined;
    }
    let frame: number | null = null;
    const read = () => {
      frame = null;
      setBoxes(engine.getBoxes());
    };
    read();
    const off = engine.on('annotations', (change) => {
      if (change.source === 'preview' || frame !== null) return;
      frame = requestAnimationFrame(read);
    });
    return () => {
      off();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [engine]);
  return boxes;
}

/** Boxes per label index. */
export function countByLabel(boxes: readonly Box[], labelCount: number): number[] {
  const counts = new Array<number>(labelCount).fill(0);
  for (const b of boxes) if (b.label >= 0 && b.label < labelCount) counts[b.label] = (counts[b.label] ?? 0) + 1;
  return counts;
}
