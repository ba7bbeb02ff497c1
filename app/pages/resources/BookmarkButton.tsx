import { Button, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { Resource } from '../../../contract/apiMarket';
import { loginHref } from '../../api/loginRedirect';
import { useBookmark, useMarketViewer } from './useBookmark';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The bookmark toggle of a resource: an icon on a card, a labelled button on a page. Signed out,
 * the page's button is a sign-in link that comes back here; a card shows nothing.
 */
export function BookmarkButton({ resource, variant }: { resource: Resource; variant: 'icon' | 'button' }) {
  const { t } = useTranslation('resources');
  const { signedIn } = useMarketViewer();
  const [path] = useLocation();
  const search = useSearch();
  const bookmark = useBookmark(resource.id);
  const on = resource.bookmarked;
  if (!signedIn) {
    if (variant === 'icon') return null;
    return (
      <Button asChild variant="outline" data-testid="bookmark-sign-in">
        <Link href={loginHref(search ? `${path}?${search}` : path)}>
          <Star filled={false} />
          {t('detail.signInToBookmark')}
        </Link>
      </Button>
    );
  }
  const toggle = () => bookmark.mutate(!on);
  const label = t(on ? 'card.unbookmark' : 'card.bookmark', { name: resource.name });
  const error = bookmark.isError && (
    <Text role="alert" fontSize="xs" color="fg.error" data-testid="bookmark-error">
      {t('card.bookmarkFailed')}
    </Text>
  );
  if (variant === 'icon')
    return (
      <Stack gap="1" align="flex-end">
        <IconButton
          aria-label={label}
          aria-pressed={on}
          size="sm"
          variant="ghost"
          color={on ? 'orange.500' : 'fg.muted'}
          disabled={bookmark.isPending}
          onClick={toggle}
          data-testid="bookmark-toggle"
        >
          <Star filled={on} />
        </IconButton>
        {error}
      </Stack>
    );
  return (
    <Stack gap="1">
      <Button
        variant="outline"
        aria-pressed={on}
        aria-label={label}
        colorPalette={on ? 'orange' : 'gray'}
        disabled={bookmark.isPending}
        onClick={toggle}
        data-testid="bookmark-toggle"
      >
        <Star filled={on} />
        {t(on ? 'detail.bookmarked' : 'detail.bookmark')}
      </Button>
      {error}
    </Stack>
  );
}
