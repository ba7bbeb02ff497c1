import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { apiErrorKey, isPlanLimit } from '../../../api/apiErrorKey';

/**
 * A failed call in plain words; when the plan's limit was reached, the limit is named and the
 * plan page (usage and upgrade) is one click away.
 */
export function ApiErrorText({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Stack gap="1" role="alert" data-testid={testId}>
      <Text color="fg.error">{t(apiErrorKey(error))}</Text>
      {isPlanLimit(error) && (
        <ChakraLink asChild color="brand.600" fontSize="sm" fontWeight="600" data-testid="plan-limit-link">
          <Link href={paths.consoleBilling}>{t('errors:planLimit.link')}</Link>
        </ChakraLink>
      )}
    </Stack>
  );
}
