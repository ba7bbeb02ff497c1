import type { EngineErrorCode } from '../../../engine';
import { useEngineValue } from './useEngineValue';

/** Errors after which nothing can be drawn: the canvas gives way to a message. */
export const FATAL_ENGINE_ERRORS: readonly EngineErrorCode[] = ['webgl_unavailable', 'context_lost'];

/** The engine's fatal error code (no WebGL, context lost), or null. */
export function useEngineFatal(): EngineErrorCode | null {
  const code = useEngineValue('error', (engine, last) => last?.code ?? engine.getError());
  return code && FATAL_ENGINE_ERRORS.includes(code) ? code : null;
}
