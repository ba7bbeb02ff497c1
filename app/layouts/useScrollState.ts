import { useEffect } from 'react';
import { setHeaderType, setShowTopBtn } from '../state/ui';

/** Header style switch (spec: 60 px) and scroll-to-top button (spec: 700 px). */
export const HEADER_SWITCH_PX = 60;
export const TOP_BUTTON_PX = 700;

/**
 * One passive scroll listener, coalesced per animation frame, writing only the two booleans
 * into valtio (so React re-renders when a threshold is crossed, not on every pixel).
 */
export function useScrollState(transparentAtTop: boolean): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      setHeaderType(transparentAtTop && y < HEADER_SWITCH_PX ? 'transparent' : 'default');
      setShowTopBtn(y > TOP_BUTTON_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [transparentAtTop]);
}
