import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import {
  InstancedBufferAttribute,
  LinearFilter,
  LinearMipmapLinearFilter,
  NoColorSpace,
  PlaneGeometry,
  Texture,
} from 'three';
import type { AtlasPage } from '../../../../../contract/apiAtlas';
import { acquireAtlasBitmap, releaseAtlasBitmap } from './atlasBitmaps';
import { createAtlasMaterial } from './atlasMaterial';
import { cellCentre, type GalleryLayout } from './galleryLayout';

export interface AtlasPageMeshProps {
  page: AtlasPage;
  /** Index of the page's first image in the gallery. */
  first: number;
  /** Cells per atlas row. */
  columns: number;
  layout: GalleryLayout;
  /** Called once the page texture is on the GPU (or failed to load: `false`). */
  onLoaded?: (key: string, ok: boolean) => void;
}

/**
 * One atlas page: a single InstancedMesh whose instances are its images, each placed by its
 * `offset` attribute and textured by its `cell` attribute (atlasMaterial.ts).
 */
export function AtlasPageMesh({ page, first, columns, layout, onLoaded }: AtlasPageMeshProps) {
  const invalidate = useThree((s) => s.invalidate);
  const count = page.images.length;
  // The latest callback, read when the texture arrives: a refetched index (same pages, new
  // callback) must not re-run the upload effect.
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  }, [onLoaded]);

  const geometry = useMemo(() => {
    const offsets = new Float32Array(count * 2);
    const cells = new Float32Array(count * 2);
    for (let i = 0; i < count; i++) {
      const [x, y] = cellCentre(layout, first + i);
      offsets[i * 2] = x;
      offsets[i * 2 + 1] = y;
      cells[i * 2] = i % columns;
      cells[i * 2 + 1] = Math.floor(i / columns);
    }
    const g = new PlaneGeometry(1, 1);
    g.setAttribute('offset', new InstancedBufferAttribute(offsets, 2));
    g.setAttribute('cell', new InstancedBufferAttribute(cells, 2));
    return g;
  }, [count, first, columns, layout]);
  const material = useMemo(() => createAtlasMaterial(columns), [columns]);

  useEffect(() => () => geometry.dispose(), [geometry]);
  useEffect(() => () => material.dispose(), [material]);

  useEffect(() => {
    let live = true;
    let texture: Texture | null = null;
    acquireAtlasBitmap(page.url)
      .then((bitmap) => {
        if (!live) return;
        texture = new Texture(bitmap);
        // ImageBitmaps cannot be flipped on upload; the shader reads the rows top first instead.
        texture.flipY = false;
        texture.colorSpace = NoColorSpace;
        texture.generateMipmaps = true;
        texture.minFilter = LinearMipmapLinearFilter;
        texture.magFilter = LinearFilter;
        texture.needsUpdate = true;
        if (material.uniforms.map) material.uniforms.map.value = texture;
        if (material.uniforms.ready) material.uniforms.ready.value = 1;
        invalidate();
        loadedRef.current?.(page.key, true);
      })
      .catch(() => {
        if (live) loadedRef.current?.(page.key, false);
      });
    return () => {
      live = false;
      if (material.uniforms.ready) material.uniforms.ready.value = 0;
      texture?.dispose();
      releaseAtlasBitmap(page.url);
    };
  }, [page.url, page.key, material, invalidate]);

  // Instances are placed by the shader, not by instanceMatrix: three's bounding sphere would be
  // wrong, so culling is off (the whole page is one draw call anyway).
  return <instancedMesh args={[geometry, material, count]} frustumCulled={false} />;
}
