import { useContext, useEffect, useRef, type CSSProperties } from 'react';
import { createEngine, type Engine, type EngineOptions } from '../../../engine';
import { EngineSetterContext } from './EngineContext';
import { logEngineEvents } from './engineEventLog';

export interface EngineCanvasProps {
  /** Read once, when the engine is created. */
  options?: EngineOptions;
  /**
   * Runs right after the engine is created (load a scene, expose test hooks); its cleanup runs
   * before the engine is disposed. Read once per engine.
   */
  onEngine?: (engine: Engine) => (() => void) | void;
  'aria-label'?: string;
  'data-testid'?: string;
  /** Hides the canvas (keeps its size) when nothing can be drawn, e.g. without WebGL. */
  hidden?: boolean;
  style?: CSSProperties;
}

/**
 * The engine's canvas: creates the engine when it mounts and disposes it when it unmounts, and
 * hands it to the surrounding {@link EngineProvider}. Under StrictMode's mount–unmount–mount the
 * first engine is disposed before the second is made on the same canvas element (one WebGL
 * context per canvas, so none leaks), and the provider only ever holds the live one.
 */
export function EngineCanvas({ options, onEngine, hidden, style, ...aria }: EngineCanvasProps) {
  const setEngine = useContext(EngineSetterContext);
  if (!setEngine) throw new Error('EngineCanvas needs an EngineProvider around it');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const optionsRef = useRef(options);
  const onEngineRef = useRef(onEngine);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const engine = createEngine(canvas, optionsRef.current);
    const stopLog = logEngineEvents(engine);
    const cleanup = onEngineRef.current?.(engine);
    setEngine(engine);
    return () => {
      setEngine(null);
      cleanup?.();
      stopLog();
      engine.dispose();
    };
  }, [setEngine]);

  return (
    <canvas
      ref={canvasRef}
      tabIndex={0}
      {...aria}
      style={{
        width: '100%',
        height: '100%',
        display: 'block',
        touchAction: 'none',
        outline: 'none',
        visibility: hidden ? 'hidden' : 'visible',
        ...style,
      }}
    />
  );
}
