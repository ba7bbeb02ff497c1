/** An error that carries an HTTP-like status for the error page (default 500). */
export class HttpError extends Error {
  readonly code = 'http_error' as const;
  constructor(
    readonly status: number,
    message?: string,
  ) {
    super(message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return 500;
}
