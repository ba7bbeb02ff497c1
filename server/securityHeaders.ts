import { createMiddleware } from 'hono/factory';
import { isCompleteAnswer } from './http/completeAnswers';

/**
 * The security headers of every response, built once. The CSP allows no inline script and no
 * eval (WebAssembly compilation only); styles allow 'unsafe-inline' because the UI kit (Emotion) injects style tags at run time.
 * `chatScriptOrigin` (the chat widget's script) is allowed to run and to be connected to;
 * `paymentOrigins` (Toss's payment window, only when it is configured) to run, be connected to
 * and be framed, and the popups it opens to keep their opener.
 */
export function securityHeaderList(
  chatScriptOrigin: string,
  paymentOrigins: readonly string[] = [],
): readonly (readonly [string, string])[] {
  const chat = chatScriptOrigin ? ` ${new URL(chatScriptOrigin).origin}` : '';
  const pay = paymentOrigins.map((o) => ` ${o}`).join('');
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets TensorFlow.js compile its WebAssembly backend (assist AI, model checks); eval stays off.
    `script-src 'self' 'wasm-unsafe-eval'${chat}${pay}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${chat}${pay}`,
    // Without payment origins frame-src stays default-src's 'self', and the header as it was.
    ...(pay ? [`frame-src 'self'${pay}`] : []),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return [
    ['Content-Security-Policy', csp],
    // The payment window's card and wallet approvals open popups that report back to their opener;
    // 'same-origin' would cut them off, so with payments configured our own popups keep theirs.
    ['Cross-Origin-Opener-Policy', pay ? 'same-origin-allow-popups' : 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * Sets securityHeaderList on every response, replacing any a route set, and drops X-Powered-By.
 * Headers go onto the response in place: `c.header()` after a handler has answered would copy the
 * response into a streamed one, which costs more than the rest of a small JSON answer.
 */
export function securityHeaders(chatScriptOrigin: string, paymentOrigins: readonly string[] = []) {
  const list = securityHeaderList(chatScriptOrigin, paymentOrigins);
  return createMiddleware(async (c, next) => {
    await next();
    if (isCompleteAnswer(c.res)) return;
    const headers = c.res.headers;
    for (const [name, value] of list) headers.set(name, value);
    headers.delete('X-Powered-By');
  });
}
