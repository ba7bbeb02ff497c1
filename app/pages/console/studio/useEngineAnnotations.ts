import { useEffect, useRef } from 'react';
import type { Annotation } from '../../../../contract/apiAnnotations';
import type { Label } from '../../../../contract/apiProjects';
import type { AnnotationChange, Box, Engine } from '../../../../engine';
import { annotationBoxes } from '../image/annotationBoxes';

export interface EngineAnnotationsOptions {
  engine: Engine | null;
  imageId: string;
  /** This image's annotations; undefined while loading. */
  annotations: readonly Annotation[] | undefined;
  labels: readonly Label[];
  /** Hears every edit, undo and redo (not loads, previews or remote changes). */
  onEdit: (change: AnnotationChange, readBox: (id: string) => Box | undefined) => void;
}

/** Reads one box from the engine (its own getter when it has one). */
function boxReader(engine: Engine): (id: string) => Box | undefined {
  const own = (engine as Engine & { getBox?: (id: string) => Box | undefined }).getBox;
  if (typeof own === 'function') return (id) => own.call(engine, id);
  return (id) => engine.getBoxes().find((b) => b.id === id);
}

/**
 * Keeps the engine on this image's annotations: the label classes follow the project's, and the
 * boxes are loaded once per image, when they arrive (a later refetch must not throw away what
 * the user drew meanwhile). Every edit goes to `onEdit` (the save layer).
 */
export function useEngineAnnotations({ engine, imageId, annotations, labels, onEdit }: EngineAnnotationsOptions) {
  const loaded = useRef<{ engine: Engine; imageId: string } | null>(null);
  useEffect(() => {
    if (!engine) return;
    engine.setLabels(labels.map((l) => ({ name: l.name, color: l.color })));
  }, [engine, labels]);

  useEffect(() => {
    if (!engine || !annotations) return;
    const done = loaded.current;
    if (done && done.engine === engine && done.imageId === imageId) return;
    loaded.current = { engine, imageId };
    engine.setAnnotations(annotationBoxes(annotations, labels).boxes);
  }, [engine, imageId, annotations, labels]);

  // A new image waits for its own annotations; until they come its predecessor's boxes go.
  useEffect(() => {
    const done = loaded.current;
    if (engine && done && done.imageId !== imageId) {
      engine.setAnnotations([]);
      loaded.current = null;
    }
  }, [engine, imageId]);

  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  });
  useEffect(() => {
    if (!engine) return undefined;
    const read = boxReader(engine);
    return engine.on('annotations', (change) => {
      if (change.source === 'edit' || change.source === 'undo' || change.source === 'redo') {
        onEditRef.current(change, read);
      }
    });
  }, [engine]);
}
