import { fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../../../engine';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ViewerToolbar } from './ViewerToolbar';

/** The part of the engine the toolbar drives, recorded. */
function engineStub() {
  const stub = { setAdjustments: vi.fn(), fit: vi.fn(), zoomAbout: vi.fn() };
  return { stub, engine: stub as unknown as Engine };
}

function canvasRef(width: number, height: number) {
  const ref = createRef<HTMLCanvasElement>() as { current: HTMLCanvasElement | null };
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'clientWidth', { value: width });
  Object.defineProperty(canvas, 'clientHeight', { value: height });
  ref.current = canvas;
  return ref;
}

describe('ViewerToolbar', () => {
  it('sends each adjustment to the engine and resets them all', () => {
    const { stub, engine } = engineStub();
    renderWithProviders(
      <ViewerToolbar
        engine={engine}
        canvasRef={canvasRef(800, 600)}
        zoomPercent={31.2}
        tiles={{ loaded: 2, wanted: 6 }}
      />,
    );
    fireEvent.change(screen.getByTestId('viewer-contrast'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByTestId('viewer-brightness'), { target: { value: '-0.2' } });
    fireEvent.change(screen.getByTestId('viewer-gamma'), { target: { value: '2' } });
    expect(stub.setAdjustments.mock.calls).toEqual([[{ contrast: 1.5 }], [{ brightness: -0.2 }], [{ gamma: 2 }]]);
    fireEvent.click(screen.getByRole('button', { name: '보정 초기화' }));
    expect(stub.setAdjustments).toHaveBeenLastCalledWith({ contrast: 1, brightness: 0, gamma: 1, invert: false });
    expect((screen.getByTestId('viewer-contrast') as HTMLInputElement).value).toBe('1');
  });

  it('zooms about the canvas centre, fits, and shows the zoom and the tile progress', () => {
    const { stub, engine } = engineStub();
    renderWithProviders(
      <ViewerToolbar
        engine={engine}
        canvasRef={canvasRef(800, 600)}
        zoomPercent={31.2}
        tiles={{ loaded: 2, wanted: 6 }}
      />,
      { locale: 'en' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(stub.zoomAbout.mock.calls).toEqual([
      [{ x: 400, y: 300 }, 1.25],
      [{ x: 400, y: 300 }, 0.8],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Fit to screen' }));
    expect(stub.fit).toHaveBeenCalledOnce();
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('Zoom 31%');
    expect(screen.getByTestId('viewer-tiles').textContent).toContain('Tiles 2 / 6');
  });

  it('says when every tile of the view is loaded; without an engine the controls are off', () => {
    renderWithProviders(
      <ViewerToolbar
        engine={null}
        canvasRef={canvasRef(800, 600)}
        zoomPercent={0.5}
        tiles={{ loaded: 6, wanted: 6 }}
      />,
    );
    expect(screen.getByTestId('viewer-tiles').textContent).toContain('타일을 모두 불러왔습니다.');
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('배율 0.50%');
    expect(screen.getByTestId('viewer-fit').hasAttribute('disabled')).toBe(true);
  });
});
