import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Project } from '../../../../contract/apiProjects';
import { marketHref } from '../../../../contract/marketRoutes';

/** For the project's admins: post this dataset's current snapshot to the market (the post form, project chosen). */
export function MarketPostButton({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  if (project.role !== 'admin') return null;
  return (
    <Stack gap="3" data-testid="dataset-market">
      <Heading as="h2" size="md">
        {t('datasetMarket.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('datasetMarket.hint')}
      </Text>
      <Button asChild size="sm" variant="outline" alignSelf="flex-start" data-testid="dataset-market-post">
        <Link href={marketHref.newResource(project.id)}>{t('datasetMarket.open')}</Link>
      </Button>
    </Stack>
  );
}
