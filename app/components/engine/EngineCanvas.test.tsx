import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { EngineEvents } from '../../../engine';
import { EngineCanvas } from './EngineCanvas';
import { useEngine } from './EngineContext';
import { EngineProvider } from './EngineProvider';
import { useEngineValue } from './useEngineValue';

/** Engines made by the mocked createEngine: listeners per event, a zoom, and whether disposed. */
interface FakeEngine {
  id: number;
  canvas: HTMLCanvasElement;
  disposed: boolean;
  zoom: number;
  listeners: Map<string, Set<(payload: unknown) => void>>;
  emit<K extends keyof EngineEvents>(type: K, payload: EngineEvents[K]): void;
}
const made: FakeEngine[] = [];

vi.mock('../../../engine', () => ({
  createEngine: (canvas: HTMLCanvasElement) => {
    const fake: FakeEngine & Record<string, unknown> = {
      id: made.length + 1,
      canvas,
      disposed: false,
      zoom: 50,
      listeners: new Map(),
      emit(type, payload) {
        for (const l of this.listeners.get(type) ?? []) l(payload);
      },
      on(type: string, listener: (payload: unknown) => void) {
        const set = fake.listeners.get(type) ?? new Set();
        fake.listeners.set(type, set);
        set.add(listener);
        return () => set.delete(listener);
      },
      getZoomPercent: () => fake.zoom,
      dispose() {
        fake.disposed = true;
      },
    };
    made.push(fake);
    return fake;
  },
}));

function Probe() {
  const engine = useEngine() as unknown as FakeEngine | null;
  return <span data-testid="engine">{engine ? `${engine.id}:${engine.disposed ? 'disposed' : 'live'}` : 'none'}</span>;
}

let zoomRenders = 0;
function Zoom() {
  zoomRenders += 1;
  const zoom = useEngineValue('view', (e, last) => Math.round(last?.zoomPercent ?? e.getZoomPercent()));
  return <span data-testid="zoom">{zoom ?? '-'}</span>;
}

const view = (zoomPercent: number): EngineEvents['view'] => ({
  view: { centerX: 0, centerY: 0, zoom: zoomPercent / 100 },
  zoomPercent,
});

describe('EngineCanvas', () => {
  it('under StrictMode leaves one live engine on the one canvas, and disposes it on unmount', () => {
    made.length = 0;
    const onEngine = vi.fn(() => vi.fn());
    const { unmount } = render(
      <StrictMode>
        <EngineProvider>
          <EngineCanvas onEngine={onEngine} />
          <Probe />
        </EngineProvider>
      </StrictMode>,
    );
    // Mount, unmount, mount: the first engine was disposed before the second was made.
    expect(made.map((e) => e.disposed)).toEqual([true, false]);
    expect(made[0]!.canvas).toBe(made[1]!.canvas);
    expect(screen.getByTestId('engine').textContent).toBe('2:live');
    expect(onEngine).toHaveBeenCalledTimes(2);
    const cleanups = onEngine.mock.results.map((r) => r.value as ReturnType<typeof vi.fn>);
    expect(cleanups[0]).toHaveBeenCalledOnce();
    expect(cleanups[1]).not.toHaveBeenCalled();
    unmount();
    expect(made[1]!.disposed).toBe(true);
    expect(cleanups[1]).toHaveBeenCalledOnce();
  });

  it('useEngineValue reads a fact from the engine and re-renders only when the selected value changes', () => {
    made.length = 0;
    zoomRenders = 0;
    render(
      <EngineProvider>
        <EngineCanvas />
        <Zoom />
      </EngineProvider>,
    );
    // Before any event: the getter.
    expect(screen.getByTestId('zoom').textContent).toBe('50');
    const engine = made[0]!;
    act(() => engine.emit('view', view(120.2)));
    expect(screen.getByTestId('zoom').textContent).toBe('120');
    const renders = zoomRenders;
    // Same rounded value: no re-render.
    act(() => engine.emit('view', view(120.4)));
    expect(zoomRenders).toBe(renders);
    act(() => engine.emit('view', view(200)));
    expect(screen.getByTestId('zoom').textContent).toBe('200');
  });

  it('a value read after the event was sent starts from the last one', () => {
    made.length = 0;
    const { rerender } = render(
      <EngineProvider>
        <EngineCanvas />
      </EngineProvider>,
    );
    act(() => made[0]!.emit('view', view(75)));
    rerender(
      <EngineProvider>
        <EngineCanvas />
        <Zoom />
      </EngineProvider>,
    );
    expect(screen.getByTestId('zoom').textContent).toBe('75');
    expect(made).toHaveLength(1);
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<EngineCanvas />)).toThrow('EngineProvider');
  });
});
