import type { AwsClient } from 'aws4fetch';
import { discard, okBody, s3Failure, S3Error, xmlEscape, xmlTag } from './s3Responses';
import type { SpooledBlob } from './spoolBlob';

/** S3 refuses more parts than this in one upload. */
const MAX_PARTS = 10_000;
/** Parts sent at once: a few connections keep the upload busy; memory is this many parts. */
const PART_CONCURRENCY = 4;

/**
 * Uploads the blob to `url` as an S3 multipart upload (CreateMultipartUpload, UploadPart, …,
 * CompleteMultipartUpload): one PUT stops at 5 GB, and a failed part is retried alone (aws4fetch
 * retries 5xx answers; every part body is a buffer, so it can be sent again). Parts are
 * `partBytes` long (bigger when the blob would need more than 10,000). On any failure the upload
 * is aborted so that its parts are not kept (and billed); a bucket lifecycle rule
 * (AbortIncompleteMultipartUpload) catches the ones a crash leaves behind.
 */
export async function putMultipart(client: AwsClient, url: string, blob: SpooledBlob, partBytes: number) {
  const partSize = Math.max(partBytes, Math.ceil(blob.size / MAX_PARTS));
  const count = Math.ceil(blob.size / partSize);
  const created = await client.fetch(`${url}?uploads`, { method: 'POST' });
  const uploadId = xmlTag(await okBody('create multipart upload', created), 'UploadId');
  if (!uploadId) throw new S3Error('create multipart upload', created.status, 'NoUploadId');
  const upload = `${url}?uploadId=${encodeURIComponent(uploadId)}`;
  try {
    const etags = new Array<string>(count);
    let next = 0;
    let failure: unknown = null;
    const sendParts = async () => {
      while (next < count && failure === null) {
        const n = next++;
        try {
          const body = await blob.read(n * partSize, Math.min(blob.size, (n + 1) * partSize));
          const res = await client.fetch(`${url}?partNumber=${n + 1}&uploadId=${encodeURIComponent(uploadId)}`, {
            method: 'PUT',
            body,
          });
          if (!res.ok) throw await s3Failure('upload part', res);
          const etag = res.headers.get('etag');
          await discard(res);
          if (!etag) throw new S3Error('upload part', res.status, 'NoETag');
          etags[n] = etag;
        } catch (e) {
          failure ??= e;
        }
      }
    };
    // Every sender has stopped before the upload is completed or aborted: an abort while a part
    // is still arriving could leave that part behind.
    await Promise.all(Array.from({ length: Math.min(PART_CONCURRENCY, count) }, sendParts));
    if (failure !== null) throw failure;
    const parts = etags.map(
      (etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(etag)}</ETag></Part>`,
    );
    const completed = await client.fetch(upload, {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: `<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`,
    });
    await okBody('complete multipart upload', completed);
  } catch (e) {
    // Best effort: the error that stopped the upload is the one worth reporting.
    await client
      .fetch(upload, { method: 'DELETE' })
      .then(discard)
      .catch(() => {});
    throw e;
  }
}
