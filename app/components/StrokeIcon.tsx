/**
 * A decorative 24 × 24 line icon in the current text colour, from one stroke path (hidden from
 * assistive technology: the control or text beside it carries the meaning). The icon sets of the
 * public pages, the console and the studio are path tables drawn through this.
 */
export function StrokeIcon({ path, size = 24 }: { path: string; size?: number | string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
