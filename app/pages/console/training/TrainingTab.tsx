import { Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Project } from '../../../../contract/apiProjects';
import { trainingHref } from '../../../../contract/projectRoutes';
import { EmptyState } from '../../../components/EmptyState';
import { useTrainings } from './trainingApi';
import { TrainingHistoryTable } from './TrainingHistoryTable';

/** Admins and members train; workers label and only read the history. */
export function canTrain(project: Pick<Project, 'role'>): boolean {
  return project.role === 'admin' || project.role === 'member';
}

/** The project's Training tab: the trainings' history and the way into the new-training wizard. */
export function TrainingTab({ project }: { project: Project }) {
  // The history's deploy column speaks `deploy`: loaded with the tab, so the table never suspends when rows arrive.
  const { t } = useTranslation(['training', 'deploy']);
  const trainings = useTrainings(project.id);
  const trainer = canTrain(project);
  const newButton = trainer && (
    <Button asChild colorPalette="brand" size="sm" data-testid="training-new">
      <Link href={trainingHref(project.id, 'new')}>{t('tab.new')}</Link>
    </Button>
  );
  return (
    <Stack gap="4" data-testid="training-tab">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h2" size="md">
            {t('tab.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('tab.description')}
          </Text>
        </Stack>
        {newButton}
      </HStack>
      {trainings.isPending ? (
        <Skeleton h="32" borderRadius="l3" />
      ) : trainings.isError ? (
        <Text color="fg.error" role="alert" data-testid="training-load-failed">
          {t('tab.loadFailed')}
        </Text>
      ) : trainings.data.items.length === 0 ? (
        <EmptyState
          message={t('tab.empty')}
          hint={trainer ? t('tab.emptyHint') : t('tab.emptyWorker')}
          action={newButton || undefined}
        />
      ) : (
        <TrainingHistoryTable projectId={project.id} trainings={trainings.data.items} />
      )}
    </Stack>
  );
}
