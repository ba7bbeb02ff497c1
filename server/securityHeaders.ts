import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers for every response. The CSP allows no inline script and no eval; styles
 * allow 'unsafe-inline' because the UI kit (Emotion) injects style tags at run time.
 */
export function securityHeaders(chatScriptOrigin: string) {
  const scriptSrc = ["'self'", ...(chatScriptOrigin ? [new URL(chatScriptOrigin).origin] : [])];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(chatScriptOrigin ? [new URL(chatScriptOrigin).origin] : [])],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
