import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { MeshBasicMaterial, Object3D, PlaneGeometry, type InstancedMesh } from 'three';
import { cellCentre, type GalleryLayout } from './galleryLayout';

/** The tint over selected cells: visible over any thumbnail, the image still recognisable. */
const TINT = '#2563eb';
const TINT_OPACITY = 0.45;

/**
 * The selected images of the gallery, as one instanced quad per selected cell drawn over the
 * thumbnails: one draw call however many are selected ("all matching the filter" included).
 */
export function SelectionMesh({ cells, layout }: { cells: readonly number[]; layout: GalleryLayout }) {
  const invalidate = useThree((s) => s.invalidate);
  const mesh = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => new PlaneGeometry(1, 1), []);
  const material = useMemo(
    () =>
      new MeshBasicMaterial({
        color: TINT,
        transparent: true,
        opacity: TINT_OPACITY,
        depthTest: false,
        depthWrite: false,
        toneMapped: false,
      }),
    [],
  );
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );

  useLayoutEffect(() => {
    const m = mesh.current;
    if (!m) return;
    const place = new Object3D();
    cells.forEach((n, i) => {
      const [x, y] = cellCentre(layout, n);
      place.position.set(x, y, 0.5);
      place.updateMatrix();
      m.setMatrixAt(i, place.matrix);
    });
    m.instanceMatrix.needsUpdate = true;
    invalidate();
  }, [cells, layout, invalidate]);

  if (!cells.length) return null;
  // A new count needs a new instance buffer: the key remounts the mesh.
  return (
    <instancedMesh
      key={cells.length}
      ref={mesh}
      args={[geometry, material, cells.length]}
      renderOrder={1}
      frustumCulled={false}
    />
  );
}
