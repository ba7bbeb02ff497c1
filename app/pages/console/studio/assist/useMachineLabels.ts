import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Engine } from '../../../../../engine';
import { syncManagerFor } from '../sync/SyncManager';
import { acceptOps, machineLabelsOf } from './machineLabels';

const noSubscribe = () => () => {};
const zero = () => 0;

export interface MachineLabels {
  /** Machine label id → the model's score (null when unknown). */
  machine: ReadonlyMap<string, number | null>;
  /** Accepts machine labels as they are (a put of each, through the outbox: saved, retried, offline-safe). */
  accept: (ids: Iterable<string>) => void;
  acceptAll: () => void;
}

/**
 * This image's machine labels, read from the save layer's view (the server's state under this
 * user's unsynced edits: a label the user moved or relabeled is no longer a machine label), drawn
 * dashed by the engine; accepting one writes it unchanged, which makes it a person's.
 */
export function useMachineLabels(
  engine: Engine | null,
  key: { userId: string; projectId: string; imageId: string },
  enabled: boolean,
): MachineLabels {
  const { userId, projectId, imageId } = key;
  const manager = useMemo(() => (userId ? syncManagerFor(userId) : null), [userId]);
  const outbox = useMemo(() => manager?.outbox(projectId, imageId) ?? null, [manager, projectId, imageId]);
  const version = useSyncExternalStore(
    manager ? (l: () => void) => manager.subscribe(l) : noSubscribe,
    manager ? () => manager.getVersion() : zero,
  );
  const machine = useMemo(() => {
    void version;
    return machineLabelsOf(outbox?.view() ?? null);
  }, [outbox, version]);

  useEffect(() => {
    engine?.setMachineLabels(machine.keys());
  }, [engine, machine]);
  useEffect(() => () => engine?.setMachineLabels([]), [engine]);

  const accept = useCallback(
    (ids: Iterable<string>) => {
      if (!outbox || !enabled) return;
      const drafts = acceptOps(ids, outbox.view(), machine);
      if (drafts.length > 0) outbox.record(drafts);
    },
    [outbox, enabled, machine],
  );
  return { machine, accept, acceptAll: () => accept(machine.keys()) };
}
