import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import type { NavLink } from '../../config/navigation';
import { useLocale } from '../../i18n/useLocale';
import { prefetchPath } from '../../routes/prefetch';

type Props = { link: NavLink; label: string; onNavigate?: () => void } & AnchorHTMLAttributes<HTMLAnchorElement>;

/** A navigation link: in-app (prefetched on intent) or the external guide in a new tab. */
export const MenuLink = forwardRef<HTMLAnchorElement, Props>(function MenuLink(
  { link, label, onNavigate, ...rest },
  ref,
) {
  const { to } = useLocale();
  if (link.external) {
    // The built-in guide (/docs) opens in the reader's language; other sites as given.
    const target = link.href.startsWith('/') ? to(link.href) : link.href;
    return (
      <a ref={ref} href={target} target="_blank" rel="noopener noreferrer" onClick={onNavigate} {...rest}>
        {label}
      </a>
    );
  }
  const intent = () => prefetchPath(link.href);
  return (
    <Link ref={ref} href={link.href} onClick={onNavigate} onMouseEnter={intent} onFocus={intent} {...rest}>
      {label}
    </Link>
  );
});
