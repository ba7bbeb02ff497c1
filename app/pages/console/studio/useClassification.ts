import { useCallback, useState } from 'react';

/** Where the 'advance to the next image after assigning' choice is kept (per browser). */
const ADVANCE_KEY = 'maru.studio.advanceAfterClass';

function readAdvance(): boolean {
  try {
    return globalThis.localStorage?.getItem(ADVANCE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The class of the image in a classification project: the saved one (with unsynced edits) until
 * the user assigns one here (then theirs at once, for this image), and the 'advance after assigning' option.
 */
export function useClassification(imageId: string, savedClass: string | null) {
  const [assigned, setAssigned] = useState<{ imageId: string; labelId: string } | null>(null);
  const [advance, setAdvanceState] = useState(readAdvance);
  const classId = assigned?.imageId === imageId ? assigned.labelId : savedClass;
  const assign = useCallback((labelId: string) => setAssigned({ imageId, labelId }), [imageId]);
  const setAdvance = useCallback((on: boolean) => {
    setAdvanceState(on);
    try {
      globalThis.localStorage?.setItem(ADVANCE_KEY, on ? '1' : '0');
    } catch {
      // Not stored: the choice holds for this visit.
    }
  }, []);
  return { classId, assign, advance, setAdvance };
}
