import { useFrame } from '@react-three/fiber';

/** Frame timings for benchmarks/gallery.bench.ts. */
interface GalleryBench {
  /** Milliseconds of each rendered frame, GPU work included (a 1-pixel read-back waits for it). */
  frames: number[];
}
declare global {
  interface Window {
    /**
     * Present before the gallery opens (the benchmark sets it in an init script): the gallery then
     * renders through {@link GalleryBenchTimer}. Replace or delete it to start or stop recording.
     */
    __galleryBench?: GalleryBench;
  }
}

/** Read once when the gallery mounts, so an ordinary session never runs the timed frame loop. */
export function galleryBenchRequested(): boolean {
  return typeof window !== 'undefined' && window.__galleryBench !== undefined;
}

/**
 * Renders each frame itself (a positive priority takes rendering over from r3f) and times it,
 * render plus read-back, into `window.__galleryBench.frames` while that object is present.
 */
export function GalleryBenchTimer() {
  useFrame(({ gl, scene, camera }) => {
    const start = performance.now();
    gl.render(scene, camera);
    const bench = window.__galleryBench;
    if (!bench) return;
    const context = gl.getContext();
    context.readPixels(0, 0, 1, 1, context.RGBA, context.UNSIGNED_BYTE, new Uint8Array(4));
    bench.frames.push(performance.now() - start);
  }, 1);
  return null;
}
