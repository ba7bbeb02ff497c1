interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Link prefetch is skipped on 2g connections and when the user asked to save data. */
export function shouldPrefetch(connection: ConnectionLike | undefined = (navigator as Navigator & { connection?: ConnectionLike }).connection): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
