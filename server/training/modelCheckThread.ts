import { parentPort } from 'node:worker_threads';
import type { Task } from '../../contract/apiTraining';
import { checkModelZip, ModelZipError } from '../../ml/modelZip';

/*
 * The model-check thread (checkModelZipInThread.ts): checks the zips it is sent, one at a time,
 * and answers each with its manifest or its refusal code.
 */

export interface ModelCheckRequest {
  id: number;
  bytes: Uint8Array;
  expect: { task?: Task };
}

export type ModelCheckAnswer = { id: number } & (
  { ok: true; manifest: unknown } | { ok: false; code: string | null; message: string }
);

parentPort?.on('message', (request: ModelCheckRequest) => {
  checkModelZip(request.bytes, request.expect).then(
    (manifest) => parentPort?.postMessage({ id: request.id, ok: true, manifest } satisfies ModelCheckAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        code: error instanceof ModelZipError ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ModelCheckAnswer),
  );
});
