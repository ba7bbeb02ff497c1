interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

function currentConnection(): ConnectionLike | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: ConnectionLike }).connection;
}

/** Link prefetch is skipped on 2g connections and when the user asked to save data. */
export function shouldPrefetch(connection: ConnectionLike | undefined = currentConnection()): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
