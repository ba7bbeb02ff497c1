import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import type { NavLink } from '../../config/navigation';
import { prefetchPath } from '../../routes/prefetch';

type Props = { link: NavLink; label: string; onNavigate?: () => void } & AnchorHTMLAttributes<HTMLAnchorElement>;

/** A navigation link: in-app (prefetched on intent) or the external guide in a new tab. */
export const MenuLink = forwardRef<HTMLAnchorElement, Props>(function MenuLink({ link, label, onNavigate, ...rest }, ref) {
  if (link.external) {
    return <a ref={ref} href={link.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate} {...rest}>{label}</a>;
  }
  const intent = () => prefetchPath(link.href);
  return (
    <Link ref={ref} href={link.href} onClick={onNavigate} onMouseEnter={intent} onFocus={intent} {...rest}>
      {label}
    </Link>
  );
});
