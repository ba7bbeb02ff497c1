const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => XML_ENTITIES[name] ?? '');
}

/**
 * The text of the first `<name>` element. S3's answers are small and the fields read are flat
 * text elements (no attributes, no nesting), so a pattern per element is enough.
 */
export function xmlTag(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m?.[1] !== undefined ? xmlText(m[1]) : null;
}

/** Text as XML element content. */
export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A request S3 refused: the operation, the HTTP status and S3's error code when it sent one. */
export class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} failed with status ${status}${code ? ` (${code})` : ''}`);
    this.name = 'S3Error';
  }
}

/** The error of a refused request, with the code read from its XML body. */
export async function s3Failure(operation: string, res: Response): Promise<S3Error> {
  const body = await res.text().catch(() => '');
  return new S3Error(operation, res.status, xmlTag(body, 'Code'));
}

/**
 * Reads a successful answer's body and throws if it is an error: CopyObject and
 * CompleteMultipartUpload can fail after S3 has sent 200 OK, and then say so in the body.
 */
export async function okBody(operation: string, res: Response): Promise<string> {
  if (!res.ok) throw await s3Failure(operation, res);
  const body = await res.text();
  if (/<Error>/.test(body)) throw new S3Error(operation, res.status, xmlTag(body, 'Code'));
  return body;
}

/** Lets go of an answer whose body is not needed (an unread body holds its connection). */
export async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => {});
}
