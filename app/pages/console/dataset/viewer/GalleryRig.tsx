import { useThree } from '@react-three/fiber';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Mesh } from 'three';
import { GalleryBenchTimer, galleryBenchRequested } from './GalleryBenchTimer';
import { cellCentre, type GalleryLayout } from './galleryLayout';
import type { GalleryView } from './galleryView';

/** What the viewer outside the canvas tells the scene: the view and the hovered image. */
export interface GalleryState {
  view: GalleryView;
  hovered: number;
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

  // r3f renders each demanded frame itself; only a benchmark run swaps in the timed render.
  const [timed] = useState(galleryBenchRequested);

  return (
    <>
      {timed && <GalleryBenchTimer />}
      <mesh ref={highlight} renderOrder={-1} visible={false}>
        <planeGeometry args={[1, 1]} />
        <meshBasicMaterial color="#3b82f6" depthTest={false} depthWrite={false} toneMapped={false} />
      </mesh>
    </>
  );
}
