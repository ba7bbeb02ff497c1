import type { AnnotationStore } from './AnnotationStore';
import type { CameraController } from './CameraController';
import { HANDLE_RADIUS_CSS } from './spatial/handles';
import type { CursorName, Overlay, ToolContext } from './tools/Tool';
import type { EngineErrorCode } from './types';

/** What the core lends its tools: its store and camera, its id factories, and where tools report. */
export interface ToolContextDeps {
  store: AnnotationStore;
  camera: CameraController;
  activeLabel: () => number;
  newBoxId: () => string;
  newCommandId: () => string;
  reportError: (code: EngineErrorCode) => void;
  /** The overlay after a tool's partial update. */
  setOverlay: (overlay: Partial<Overlay>) => void;
  setCursor: (cursor: CursorName) => void;
}

/** The one ToolContext an EngineCore gives every tool: live reads of the camera, nothing copied. */
export function createToolContext(deps: ToolContextDeps): ToolContext {
  const { camera } = deps;
  return {
    store: deps.store,
    get imageSize() {
      return camera.imageSize;
    },
    get view() {
      return camera.view;
    },
    get viewport() {
      return camera.viewport;
    },
    get activeLabel() {
      return deps.activeLabel();
    },
    get handleRadius() {
      return HANDLE_RADIUS_CSS / camera.view.zoom;
    },
    toImage: (p) => camera.toImage(p),
    setView: (view) => camera.setView(view),
    zoomAbout: (p, factor) => camera.zoomAbout(p, factor),
    zoomToRect: (rect) => camera.zoomToRect(rect),
    newBoxId: deps.newBoxId,
    newCommandId: deps.newCommandId,
    reportError: deps.reportError,
    setOverlay: deps.setOverlay,
    setCursor: deps.setCursor,
  };
}
