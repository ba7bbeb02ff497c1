import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../i18n/usePageTitle';
import { useLocale } from '../i18n/useLocale';

export interface ErrorPageProps {
  status?: number;
}

/** The error page: status code, a message (404: the page does not exist) and a home link. */
export function ErrorPage({ status = 500 }: ErrorPageProps) {
  const { t } = useTranslation('common');
  const { homeHref } = useLocale();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.errorTitle');
  usePageTitle(title);
  return (
    <Box
      as="section"
      minH="60vh"
      display="grid"
      placeItems="center"
      px="6"
      py="20"
      data-testid="error-page"
      data-status={status}
    >
      <Stack gap="4" align="center" textAlign="center" maxW="lg">
        <Text
          fontSize={{ base: '6xl', md: '7xl' }}
          fontWeight="800"
          color="brand.700"
          lineHeight="1"
          aria-hidden="true"
        >
          {status}
        </Text>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {notFound ? t('errors.notFound') : t('errors.generic')}
        </Text>
        {notFound && <Text color="fg.muted">{t('errors.notFoundHint')}</Text>}
        <Button asChild colorPalette="brand" size="lg" mt="2">
          <Link href={homeHref}>{t('errors.home')}</Link>
        </Button>
      </Stack>
    </Box>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
