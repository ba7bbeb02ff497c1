/** Whether this browser can give a WebGL context (checked once, before three.js is loaded). */
let answer: boolean | null = null;

export function supportsWebGL(): boolean {
  if (answer !== null) return answer;
  try {
    const canvas = document.createElement('canvas');
    // jsdom and locked-down browsers have no getContext at all, or return null.
    answer = typeof canvas.getContext === 'function' && Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    answer = false;
  }
  return answer;
}
