/**
 * The engine's only door. `createEngine(canvas, options)` returns the commands, reads and
 * events of the labeling canvas; tile sources, shared types and a few pure helpers (the
 * procedural test pattern, the adjustment formula) are exported for the app, tests and
 * benchmarks. Nothing else in engine/ is public.
 */
export { createEngine } from './render/createEngine';
export type { Engine, EngineEvents, EngineOptions, EngineServices } from './render/engineTypes';
export type { EngineDebug } from './render/EngineDebug';
export type { RenderStats } from './render/Renderer';
export type { ModelProposal } from './render/modelOverlay';
export { imageToScreen, visibleImageRect } from './camera';
export { clipToImage, collectRegion, regionLevel, type CollectedRegion } from './assist/collectRegion';
export { levelInView } from './assist/collectWindow';
export type { AnnotationChange, SlotRange, ChangeSource, RemoteChange } from './AnnotationStore';
export type { AnnotationFlagState } from './AnnotationFlags';
export type { KeyInput } from './tools/Tool';
export { PASTE_OFFSET_PX } from './clipboard';
export type { BoxCommand } from './commands';

export { HttpTileSource, deepZoomLevels, templateLevel, tileUrl } from './sources/HttpTileSource';
export type { HttpTileSourceOptions, LevelMapping } from './sources/HttpTileSource';
export { ImageFileSource, openImageFile } from './sources/ImageFileSource';
export type { ImagePyramidService } from './sources/ImageFileSource';
export { ProceduralTileSource } from './sources/ProceduralTileSource';
export type { ProceduralTileSourceOptions } from './sources/ProceduralTileSource';
export { patternPixel, patternPixelAtLevel } from './sources/proceduralPattern';
export { SYNTHETIC_LABELS, syntheticBoxes } from './sources/syntheticBoxes';
export { adjustPixel } from '../shaders';
export { pyramidInfo, DEFAULT_TILE_SIZE } from './pyramid';
export { attachAssist } from './assist/runAssist';
export type { AssistEngine, AssistService, AssistTiming, AttachAssistOptions } from './assist/runAssist';
export type { AssistRequest, AssistShape, ProposalShape } from './tools/AssistTool';
export type { AssistSeeds, ProposeOptions, RegionProposal, RgbaWindow } from './assist/proposeRegion';

export {
  DEFAULT_ADJUSTMENTS,
  EngineError,
  MIN_BOX_SIZE,
  type Adjustments,
  type Box,
  type EngineErrorCode,
  type HandleName,
  type LabelClass,
  type PyramidInfo,
  type Rect,
  type TileDecoder,
  type TileImage,
  type TileKey,
  type TileSource,
  type ToolName,
  type Vec2,
  type View,
  type Viewport,
} from './types';
