/**
 * Hashes the files an upload is about to send (SHA-256, for the duplicate check) off the main
 * thread: a batch of large files is read and hashed here while the page stays responsive.
 */
import { expose } from 'comlink';
import { hashBlob } from './hash/hashBlob';

const api = {
  /** The SHA-256 of the file's bytes as lower-case hex. */
  hash(file: Blob): Promise<string> {
    return hashBlob(file);
  },
};

export type FileHashWorkerApi = typeof api;

expose(api);
