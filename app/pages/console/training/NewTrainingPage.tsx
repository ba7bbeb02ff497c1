import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { projectHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { ConsoleScope } from '../ConsoleScope';
import { useLabels, useProject } from '../projects/projectQueries';
import { canTrain } from './TrainingTab';
import { useModels, useTrainers } from './trainingApi';
import { TrainingWizard } from './wizard/TrainingWizard';

function WizardPage() {
  const { t } = useTranslation(['training', 'errors', 'projects']);
  const { projectId } = useParams<{ projectId: string }>();
  const project = useProject(projectId);
  const allowed = project.data ? canTrain(project.data) : false;
  const labels = useLabels(projectId);
  const models = useModels(projectId);
  // Workers get 403 from these: they are not asked.
  const trainers = useTrainers(allowed);

  let body;
  if (project.isPending || (allowed && (labels.isPending || models.isPending || trainers.isPending))) {
    body = <Skeleton h="60" borderRadius="l3" />;
  } else if (project.isError) {
    const code = errorCodeOf(project.error);
    body = (
      <EmptyState
        data-testid="wizard-problem"
        message={t(code === 'not_found' ? 'projects:project.notFound' : `errors:${code}`)}
      />
    );
  } else if (!allowed) {
    body = <EmptyState data-testid="wizard-forbidden" message={t('wizard.forbidden')} />;
  } else if (labels.isError || models.isError) {
    body = <EmptyState data-testid="wizard-problem" message={t('wizard.loadFailed')} />;
  } else {
    body = (
      <TrainingWizard
        project={project.data}
        labels={labels.data!}
        models={models.data!.items}
        trainers={trainers.data?.items ?? null}
      />
    );
  }
  return (
    <PageContainer>
      <Text mb="4" fontSize="sm">
        <Link href={projectHref(projectId, 'training')}>← {t('wizard.back')}</Link>
      </Text>
      <Stack gap="2">
        <PageTitle title={t('wizard.title')} description={project.data?.title} />
        {body}
      </Stack>
    </PageContainer>
  );
}

/** /console/projects/:projectId/trainings/new: the new-training wizard. */
export default function NewTrainingPage() {
  return (
    <ConsoleScope>
      <WizardPage />
    </ConsoleScope>
  );
}
