import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Resource } from '../../../contract/apiMarket';
import { marketHref } from '../../../contract/marketRoutes';
import { loginHref } from '../../api/loginRedirect';
import { BookmarkButton } from './BookmarkButton';
import { useMarketViewer } from './useBookmark';

/**
 * What the visitor can do with a resource: their own → manage it in the console; bought → the
 * purchase list; otherwise buy (or get a free one) at the console's checkout, signing in first
 * when needed and coming back to the checkout. Bookmarking sits beside it.
 */
export function ResourceActions({ resource }: { resource: Resource }) {
  const { t } = useTranslation('resources');
  const { signedIn } = useMarketViewer();
  const free = resource.price <= 0;
  let main;
  if (resource.mine)
    main = (
      <Button asChild colorPalette="brand" size="lg" data-testid="resource-manage">
        <Link href={marketHref.item(resource.id)}>{t('detail.manage')}</Link>
      </Button>
    );
  else if (resource.purchased)
    main = (
      <Button asChild variant="subtle" colorPalette="green" size="lg" data-testid="resource-purchased">
        <Link href={marketHref.tab('purchases')}>{t('detail.purchased')}</Link>
      </Button>
    );
  else {
    const checkout = marketHref.checkoutResource(resource.id);
    const text = signedIn
      ? free
        ? 'detail.getFree'
        : 'detail.buy'
      : free
        ? 'detail.signInToGet'
        : 'detail.signInToBuy';
    main = (
      <Button asChild colorPalette="brand" size="lg" data-testid="resource-buy">
        <Link href={signedIn ? checkout : loginHref(checkout)}>{t(text)}</Link>
      </Button>
    );
  }
  return (
    <Stack gap="3" data-testid="resource-actions">
      {main}
      {!resource.mine && <BookmarkButton resource={resource} variant="button" />}
    </Stack>
  );
}
