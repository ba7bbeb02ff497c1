export { EngineCanvas, type EngineCanvasProps } from './EngineCanvas';
export { EngineProvider } from './EngineProvider';
export { useEngine } from './EngineContext';
export { useEngineValue } from './useEngineValue';
export { useEngineFatal, FATAL_ENGINE_ERRORS } from './useEngineFatal';
