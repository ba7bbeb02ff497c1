/** Whether this browser can give a WebGL context (checked once, before three.js is loaded). */
let answer: boolean | null = null;

export function supportsWebGL(): boolean {
  if (answer !== null) return answer;
  try {
    const canvas = document.createElement('canvas');
    // jsdom and locked-down browsers have no getContext at all, or return null.
    const context =
      typeof canvas.getContext === 'function' ? (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) : null;
    answer = Boolean(context);
    // Browsers keep only a few live contexts: give this probe's back at once.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    answer = false;
  }
  return answer;
}
