import { MODEL_UPLOAD_MAX_BYTES } from '../../contract/apiModels';
import { checkModelZip, ModelZipError } from '../../ml/modelZip';
import { modelFit, type ModelCheckResult, type ModelTarget } from './modelFit';

function refusal(error: unknown): ModelCheckResult {
  if (!(error instanceof ModelZipError)) return { ok: false, code: 'model_weights_invalid', detail: null };
  // ModelZipError's message is '<code>: <detail>'; for unknown labels the detail names them.
  const detail = error.code === 'model_labels_unknown' ? error.message.slice(error.code.length + 2) || null : null;
  return { ok: false, code: error.code, detail };
}

/**
 * Checks a picked model zip as the server will (ml/modelZip, with the project's task and label
 * names), and answers the summary to show or the refusal's code. TensorFlow.js must be started.
 */
export async function checkModelFile(file: Blob, target: ModelTarget): Promise<ModelCheckResult> {
  if (file.size > MODEL_UPLOAD_MAX_BYTES) return { ok: false, code: 'model_too_large', detail: null };
  let manifest;
  try {
    manifest = await checkModelZip(new Uint8Array(await file.arrayBuffer()), {
      ...(target.task ? { task: target.task } : {}),
      labelNames: target.labelNames,
    });
  } catch (error) {
    return refusal(error);
  }
  return modelFit(manifest, target);
}
