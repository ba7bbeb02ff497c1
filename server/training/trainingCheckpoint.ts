import { z } from 'zod';
import { epochMetricsSchema } from '../../contract/apiTraining';
import type { Checkpoint } from '../../ml/types';
import type { BlobStore } from '../blobs/BlobStore';
import { readBlobBytes } from './readTrainingImage';

/*
 * An epoch checkpoint in the blob store: 'MCK1', a 4-byte little-endian length, that many bytes
 * of JSON ({ epoch, history }), then the head's weights. A job taken again after its trainer
 * died reads it and resumes at the next epoch.
 */

const MAGIC = 'MCK1';
const headerSchema = z.object({ epoch: z.number().int().min(0), history: z.array(epochMetricsSchema) });

export function encodeCheckpoint(checkpoint: Checkpoint): Uint8Array {
  const header = Buffer.from(JSON.stringify({ epoch: checkpoint.epoch, history: checkpoint.history }), 'utf8');
  const out = Buffer.alloc(8 + header.byteLength + checkpoint.weights.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(header.byteLength, 4);
  header.copy(out, 8);
  Buffer.from(checkpoint.weights).copy(out, 8 + header.byteLength);
  return out;
}

/** The checkpoint, or null when the bytes are not one (a damaged blob: the training starts over). */
export function decodeCheckpoint(bytes: Uint8Array): Checkpoint | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.byteLength < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return null;
  const length = buf.readUInt32LE(4);
  if (8 + length > buf.byteLength) return null;
  let header: z.infer<typeof headerSchema>;
  try {
    header = headerSchema.parse(JSON.parse(buf.toString('utf8', 8, 8 + length)));
  } catch {
    return null;
  }
  const weights = new Uint8Array(buf.byteLength - 8 - length);
  weights.set(buf.subarray(8 + length));
  return { epoch: header.epoch, history: header.history, weights: weights.buffer };
}

export async function saveCheckpoint(blobs: BlobStore, checkpoint: Checkpoint): Promise<string> {
  return blobs.put(encodeCheckpoint(checkpoint));
}

export async function loadCheckpoint(blobs: BlobStore, key: string | null): Promise<Checkpoint | null> {
  if (!key) return null;
  const bytes = await readBlobBytes(blobs, key);
  return bytes ? decodeCheckpoint(bytes) : null;
}
