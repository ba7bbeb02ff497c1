import type { TFunction } from 'i18next';
import { MODEL_UPLOAD_MAX_BYTES, type ModelUploadErrorCode } from '../../../../contract/apiModels';
import { formatBytes } from '../../../utils/formatBytes';

/** A refused model, as the spec words it: 'Failed to upload model.', then why and the code. */
export interface UploadFailure {
  /** The model check's code (worker or server), or null for a refusal that is not about the zip. */
  modelError: ModelUploadErrorCode | null;
  /** The API's code when there is no model code (network, forbidden, payload_too_large…). */
  code: string;
  detail: string | null;
}

/** The explanation line under 'Failed to upload model.'. */
export function failureText(failure: UploadFailure, t: TFunction): string {
  if (failure.modelError)
    return t(`models:error.${failure.modelError}`, {
      size: formatBytes(MODEL_UPLOAD_MAX_BYTES),
      labels: failure.detail ?? '',
    });
  return t(`errors:${failure.code}`);
}
