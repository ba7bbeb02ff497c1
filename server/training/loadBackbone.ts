import * as tf from '@tensorflow/tfjs';
import type { Backbone, TrainingSettings } from '../../contract/apiTraining';
import { backboneLayerNames } from '../../ml/backboneGraph';
import { readModelZip, type LoadedModel } from '../../ml/modelZip';
import { networkPlugin } from '../../ml/networks';
import { mobileNetV2Artifacts } from '../../ml/node/mobileNetV2Artifacts';
import { readBlobBytes } from './readTrainingImage';
import type { TrainingDeps } from './runTraining';
import type { TrainingLabel } from './trainingData';
import { TrainingFailure } from './TrainingFailure';

export interface LoadedBackbone {
  artifacts: tf.io.ModelArtifacts;
  backbone: Backbone;
  /** The previous model's head, when it has this network and these labels in this order. */
  initialHead: ArrayBuffer | null;
}

/**
 * Where the training starts from: the shipped MobileNetV2, or a previous model of this project
 * (its backbone; its head too when the network and labels are the same, so the training
 * continues where that one ended). A previous model that is gone or does not load fails the
 * training with 'base_model_invalid'.
 */
export async function loadBackbone(
  deps: Pick<TrainingDeps, 'db' | 'blobs'>,
  projectId: string,
  settings: Pick<TrainingSettings, 'pretrained' | 'network'>,
  labels: readonly TrainingLabel[],
): Promise<LoadedBackbone> {
  if (settings.pretrained.kind === 'backbone') {
    return { artifacts: mobileNetV2Artifacts(), backbone: settings.pretrained.backbone, initialHead: null };
  }
  const modelId = settings.pretrained.modelId;
  const row = await deps.db
    .selectFrom('models')
    .select(['blob_key', 'network', 'labels', 'backbone'])
    .where('id', '=', modelId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new TrainingFailure('base_model_invalid', `model ${modelId} is gone`);
  const bytes = await readBlobBytes(deps.blobs, row.blob_key);
  if (!bytes) throw new TrainingFailure('base_model_invalid', `model ${modelId} has no stored zip`);
  let zip: LoadedModel;
  try {
    zip = await readModelZip(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new TrainingFailure('base_model_invalid', `model ${modelId} does not load: ${String(error)}`, {
      cause: error,
    });
  }
  const baseLabelIds = (JSON.parse(row.labels) as { id: string }[]).map((l) => l.id);
  const sameHead =
    row.network === settings.network &&
    baseLabelIds.length === labels.length &&
    baseLabelIds.every((id, i) => id === labels[i]!.id);
  try {
    const artifacts = await artifactsOf(zip.model);
    // A model not built on the backbone (one made elsewhere and uploaded or bought) has no layer
    // to cut at: say so now rather than fail deep inside feature extraction.
    const cutLayer = networkPlugin(settings.network).backboneLayer;
    if (!backboneLayerNames(artifacts).includes(cutLayer))
      throw new TrainingFailure('base_model_invalid', `model ${modelId} has no backbone layer ${cutLayer}`);
    return {
      artifacts,
      backbone: zip.manifest.backbone,
      initialHead: sameHead ? zip.headWeights() : null,
    };
  } finally {
    zip.dispose();
  }
}

/** A loaded model's topology and weights (what trainModel cuts its backbone from). */
async function artifactsOf(model: tf.LayersModel): Promise<tf.io.ModelArtifacts> {
  let artifacts: tf.io.ModelArtifacts | null = null;
  await model.save(
    tf.io.withSaveHandler(async (a) => {
      artifacts = a;
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  if (!artifacts) throw new TrainingFailure('base_model_invalid', 'the previous model saved no weights');
  return artifacts;
}
