import { useEffect } from 'react';
import type { AnnotationKind } from '../../../../contract/apiAnnotations';
import { attachAssist, type AssistService, type Engine, type EngineErrorCode } from '../../../../engine';
import { assistPointWorker } from '../../../../workers/clients';

/**
 * Answers the assist-point tool's clicks: a proposal from the pixels around the click, computed
 * in a worker that starts on the first click (a labeler who never uses the tool starts no
 * thread) and stops with the studio. Detection accepts it as a box, segmentation as a polygon.
 */
export function useAssistPoint(
  engine: Engine | null,
  kind: AnnotationKind,
  enabled: boolean,
  onError: (code: EngineErrorCode) => void,
): void {
  useEffect(() => {
    if (!engine || kind === 'class' || !enabled) return undefined;
    engine.setAssistShape(kind === 'polygon' ? 'polygon' : 'box');
    let worker: ReturnType<typeof assistPointWorker> | null = null;
    const service: AssistService = {
      propose: (window, seeds, options) => (worker ??= assistPointWorker()).service.propose(window, seeds, options),
    };
    const detach = attachAssist(engine, { service, onError });
    return () => {
      detach();
      worker?.terminate();
    };
  }, [engine, kind, enabled, onError]);
}
