import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href } from '../../../contract/routes';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';

/**
 * /resources/detail/:item?: a market resource. The market API comes later, so every item —
 * and the bare address — shows the not-found state with a way back to the market.
 */
export default function ResourceDetailPage() {
  const { t } = useTranslation('resources');
  return (
    <PageContainer>
      <Box maxW="2xl" mx="auto" py={{ base: '6', md: '12' }} textAlign="center" data-testid="resource-not-found">
        <Stack gap="6" align="center">
          <PageTitle title={t('detail.notFound')} mb="0" align="center" justify="center" />
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {t('detail.notFoundBody')}
          </Text>
          <Button asChild colorPalette="brand" size="lg">
            <Link href={href.resources()}>{t('detail.back')}</Link>
          </Button>
        </Stack>
      </Box>
    </PageContainer>
  );
}
