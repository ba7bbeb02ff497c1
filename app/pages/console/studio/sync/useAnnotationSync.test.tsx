import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnotationChange, Box } from '../../../../../engine';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { ConflictDialog } from './ConflictDialog';
import { JOURNAL_DEBOUNCE_MS } from './journal';
import { SaveIndicator } from './SaveIndicator';
import { setSyncManagerFactory } from './SyncManager';
import { IMAGE, PROJECT, boxState, syncTestBed } from './testing/syncTestBed';
import { useAnnotationSync, type AnnotationSyncOptions } from './useAnnotationSync';
import { useLeaveGuard } from './useLeaveGuard';

let bed: ReturnType<typeof syncTestBed>;
afterEach(() => setSyncManagerFactory(null));

const labels = [{ id: 'L0' }, { id: 'L1' }];
const options: AnnotationSyncOptions = {
  projectId: PROJECT,
  imageId: IMAGE,
  userId: 'u1',
  labels,
  kind: 'box',
  enabled: true,
};

function added(box: Box): AnnotationChange {
  return {
    command: { id: `c-${box.id}`, type: 'addBoxes', boxes: [box] },
    source: 'edit',
    slots: { start: 0, end: 1 },
    reallocated: false,
  };
}

async function renderSync(props: AnnotationSyncOptions = options) {
  setSyncManagerFactory(() => bed.start());
  const hook = renderHook((p: AnnotationSyncOptions) => useAnnotationSync(p), { initialProps: props });
  await act(() => bed.clock.advance(0));
  return hook;
}

describe('useAnnotationSync', () => {
  it('loads the server state, records engine edits, and reports saving then saved', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L1', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const { result } = await renderSync();
    expect(result.current.annotations).toEqual([expect.objectContaining({ id: 's', version: 1 })]);
    expect(result.current.status).toEqual({ state: 'saved', unsynced: 0, storageWarning: false });

    const box: Box = { id: 'n', x: 100, y: 100, width: 50, height: 50, label: 1 };
    act(() => result.current.record(added(box), (id) => (id === 'n' ? box : undefined)));
    expect(result.current.status).toMatchObject({ state: 'saving', unsynced: 1 });
    // Previews and loads are not edits.
    act(() => result.current.record({ ...added(box), source: 'preview' }, () => box));
    expect(result.current.status.unsynced).toBe(1);

    await act(() => bed.clock.advance(JOURNAL_DEBOUNCE_MS));
    expect(result.current.status).toMatchObject({ state: 'saved', unsynced: 0 });
    expect(bed.server.image(IMAGE).annotations.get('n')).toMatchObject({ labelId: 'L1', x: 100, version: 1 });
    // The loaded state stays what the engine was loaded with.
    expect(result.current.annotations).toHaveLength(1);
  });

  it('offline: the indicator says so with the count; a reload shows the journaled edit on top', async () => {
    bed = syncTestBed();
    const first = await renderSync();
    bed.net.set(false);
    const box: Box = { id: 'n', x: 100, y: 100, width: 50, height: 50, label: 0 };
    act(() => first.result.current.record(added(box), () => box));
    await act(() => bed.clock.advance(JOURNAL_DEBOUNCE_MS));
    expect(first.result.current.status).toMatchObject({ state: 'offline', unsynced: 1 });
    first.unmount();

    const second = await renderSync();
    expect(second.result.current.annotations).toEqual([expect.objectContaining({ id: 'n', x: 100 })]);
    expect(second.result.current.status).toMatchObject({ state: 'offline', unsynced: 1 });
    bed.net.set(true);
    await act(() => bed.clock.advance(0));
    expect(second.result.current.status).toMatchObject({ state: 'saved', unsynced: 0 });
    expect(bed.server.applied.size).toBe(1);
  });

  it('a conflict: keep theirs gives the engine their version to apply', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L0', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const { result } = await renderSync();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L1', kind: 'box', x: 7, y: 7, width: 30, height: 30 });
    const mine: Box = { id: 's', x: 50, y: 0, width: 30, height: 30, label: 0 };
    act(() =>
      result.current.record(
        {
          command: { id: 'm', type: 'moveBoxes', moves: [{ boxId: 's', from: { x: 0, y: 0 }, to: { x: 50, y: 0 } }] },
          source: 'edit',
          slots: { start: 0, end: 1 },
          reallocated: false,
        },
        () => mine,
      ),
    );
    await act(() => result.current.saveNow());
    expect(result.current.status.state).toBe('conflict');
    expect(result.current.conflicts).toEqual([
      {
        id: 's',
        mine: { ...boxState('s', 50), y: 0, width: 30, height: 30 },
        theirs: expect.objectContaining({ x: 7 }),
      },
    ]);
    let edit = { put: [] as Box[], remove: [] as string[] };
    act(() => {
      edit = result.current.resolve('s', 'theirs');
    });
    expect(edit).toEqual({ put: [{ id: 's', x: 7, y: 7, width: 30, height: 30, label: 1 }], remove: [] });
    expect(result.current.status.state).toBe('saved');
  });

  it('classification: setClass writes the one class annotation and reads it back', async () => {
    bed = syncTestBed();
    const { result } = await renderSync({ ...options, kind: 'class' });
    act(() => result.current.setClass('L1'));
    expect(result.current.imageClass).toBe('L1');
    act(() => result.current.setClass('L0'));
    await act(() => result.current.saveNow());
    const saved = [...bed.server.image(IMAGE).annotations.values()];
    expect(saved).toEqual([expect.objectContaining({ kind: 'class', labelId: 'L0', version: 1 })]);
    act(() => result.current.setClass(null));
    await act(() => result.current.saveNow());
    expect(bed.server.image(IMAGE).annotations.size).toBe(0);
    expect(result.current.imageClass).toBeNull();
  });

  it('a read-only view loads but records nothing', async () => {
    bed = syncTestBed();
    const { result } = await renderSync({ ...options, enabled: false });
    const box: Box = { id: 'n', x: 100, y: 100, width: 50, height: 50, label: 0 };
    act(() => result.current.record(added(box), () => box));
    expect(result.current.annotations).toEqual([]);
    expect(result.current.status.unsynced).toBe(0);
  });
});

describe('useLeaveGuard', () => {
  it('prompts before leaving only while edits are unsynced', () => {
    const { rerender } = renderHook((n: number) => useLeaveGuard(n), { initialProps: 0 });
    const ask = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(ask()).toBe(false);
    rerender(2);
    expect(ask()).toBe(true);
    rerender(0);
    expect(ask()).toBe(false);
  });
});

describe('SaveIndicator and ConflictDialog', () => {
  const wrap = (ui: ReactNode) => renderWithProviders(<>{ui}</>, { locale: 'en' });

  it('shows saved, offline with the count, and the storage warning', () => {
    const { rerender } = wrap(<SaveIndicator status={{ state: 'saved', unsynced: 0, storageWarning: false }} />);
    expect(screen.getByTestId('save-indicator').textContent).toContain('All changes saved');
    rerender(<SaveIndicator status={{ state: 'offline', unsynced: 3, storageWarning: true }} />);
    expect(screen.getByTestId('save-indicator').textContent).toContain('Offline · 3 edits not saved yet');
    expect(screen.getByTestId('storage-warning')).toBeTruthy();
  });

  it('lists both versions and reports the choice; refused edits show their reason', () => {
    const onResolve = vi.fn();
    const onDismiss = vi.fn();
    wrap(
      <ConflictDialog
        open
        onClose={() => {}}
        labels={[
          { id: 'L0', name: 'cat' },
          { id: 'L1', name: 'dog' },
        ]}
        conflicts={[{ id: 's', mine: boxState('s', 50), theirs: null }]}
        rejected={[{ id: 't', mine: { ...boxState('t'), width: 5 }, error: 'box_invalid' }]}
        onResolve={onResolve}
        onDismiss={onDismiss}
      />,
    );
    const row = screen.getByTestId('conflict-row');
    expect(row.textContent).toContain('cat · box 50, 10 · 40 × 40');
    expect(row.textContent).toContain('Deleted');
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(onResolve).toHaveBeenCalledWith('s', 'theirs');
    expect(screen.getByTestId('rejected-row').textContent).toContain('A box lies outside the image or is too small.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDismiss).toHaveBeenCalledWith('t');
  });
});
