import { MODEL_UPLOAD_MAX_BYTES } from '../../contract/apiModels';
import { checkModelZip, ModelZipError } from '../../ml/modelZip';
import { modelFit, type ModelCheckResult, type ModelTarget } from './modelFit';

function refusal(error: unknown): ModelCheckResult {
  return { ok: false, code: error instanceof ModelZipError ? error.code : 'model_weights_invalid', detail: null };
}

/**
 * Checks a picked model zip as the server will (ml/modelZip with the project's task, then the
 * labels by modelFit), and answers the summary to show or the refusal's code. TensorFlow.js must
 * be started.
 */
export async function checkModelFile(file: Blob, target: ModelTarget): Promise<ModelCheckResult> {
  if (file.size > MODEL_UPLOAD_MAX_BYTES) return { ok: false, code: 'model_too_large', detail: null };
  let manifest;
  try {
    // Labels are matched here, as the server matches them (modelFit), not by checkModelZip's exact names.
    manifest = await checkModelZip(new Uint8Array(await file.arrayBuffer()), target.task ? { task: target.task } : {});
  } catch (error) {
    return refusal(error);
  }
  return modelFit(manifest, target);
}
