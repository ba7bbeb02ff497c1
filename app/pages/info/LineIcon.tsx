import { StrokeIcon } from '../../components/StrokeIcon';

/** Stroke paths (24×24) of the small line icons used on the landing, info and solution pages. */
export const ICONS = {
  dataset:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  label: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 9h6v6H9z',
  training: 'M3 20h18M5 16l4-5 4 3 6-8M15 6h4v4',
  test: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11l2 2 4-4',
  deploy: 'M7 18a5 5 0 0 1-.5-10 6 6 0 0 1 11.5 2 4 4 0 0 1-1 8M12 12v8M9 15l3-3 3 3',
  vision: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  tools: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  chamber: 'M14 14.8V5a2 2 0 0 0-4 0v9.8a4 4 0 1 0 4 0zM12 9v7',
  image: 'M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15 9h.01',
  keyboard: 'M2 7h20v10H2zM6 11h.01M10 11h.01M14 11h.01M18 11h.01M7 14h10',
  console: 'M3 4h18v16H3zM3 9h18M7 13l3 2-3 2M12 17h4',
  market: 'M4 9l1-5h14l1 5M4 9h16v11H4zM9 13h6',
} as const;

export type IconName = keyof typeof ICONS;

/** A decorative line icon in the current text colour (hidden from assistive technology). */
export function LineIcon({ name, size = 24 }: { name: IconName; size?: number }) {
  return <StrokeIcon path={ICONS[name]} size={size} />;
}
