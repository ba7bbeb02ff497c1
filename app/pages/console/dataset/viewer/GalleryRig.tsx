import { useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Mesh } from 'three';
import { cellCentre, type GalleryLayout } from './galleryLayout';
import type { GalleryView } from './galleryView';

/** What the viewer outside the canvas tells the scene: the view and the hovered image. */
export interface GalleryState {
  view: GalleryView;
  hovered: number;
}

/** Optional timing hook for benchmarks/gallery.bench.ts: set on window to record frame times. */
export interface GalleryBench {
  /** Milliseconds of each rendered frame, GPU work included (a 1-pixel read-back waits for it). */
  frames: number[];
}
declare global {
  interface Window {
    __galleryBench?: GalleryBench;
  }
}

/**
 * Applies the viewer's state to the orthographic camera (zoom = screen pixels per cell) and the
 * hover highlight, then asks for one frame: with `frameloop="demand"` nothing is drawn while the
 * gallery is still. `bind` receives the function the viewer calls after every change.
 */
export function GalleryRig({
  state,
  layout,
  bind,
}: {
  state: RefObject<GalleryState>;
  layout: GalleryLayout;
  bind: RefObject<(() => void) | null>;
}) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const highlight = useRef<Mesh>(null);

  useLayoutEffect(() => {
    const apply = () => {
      const { view, hovered } = state.current;
      camera.position.set(view.x, view.y, 10);
      camera.zoom = view.zoom;
      camera.updateProjectionMatrix();
      const mesh = highlight.current;
      if (mesh) {
        mesh.visible = hovered >= 0;
        if (hovered >= 0) {
          const [x, y] = cellCentre(layout, hovered);
          mesh.position.set(x, y, 0);
        }
      }
      invalidate();
    };
    bind.current = apply;
    apply();
    return () => {
      bind.current = null;
    };
  }, [camera, invalidate, layout, state, bind]);

  // Renders the frame itself only while a benchmark listens, to time it; otherwise r3f renders.
  useFrame(({ gl, scene, camera: cam }) => {
    const bench = window.__galleryBench;
    if (!bench) {
      gl.render(scene, cam);
      return;
    }
    const start = performance.now();
    gl.render(scene, cam);
    const context = gl.getContext();
    context.readPixels(0, 0, 1, 1, context.RGBA, context.UNSIGNED_BYTE, new Uint8Array(4));
    bench.frames.push(performance.now() - start);
  }, 1);

  return (
    <mesh ref={highlight} renderOrder={-1} visible={false}>
      <planeGeometry args={[1, 1]} />
      <meshBasicMaterial color="#3b82f6" depthTest={false} depthWrite={false} toneMapped={false} />
    </mesh>
  );
}
