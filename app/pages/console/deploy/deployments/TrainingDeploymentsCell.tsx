import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Training } from '../../../../../contract/apiTraining';
import { newDeploymentHref } from '../../../../../contract/deployRoutes';
import { formatDateTime, NONE } from '../../training/trainingFormat';

const SHOWN = 3;

/**
 * The training history's deploy column: the points its model went to, newest first, with the
 * date; and, for a finished training with a model, the way to deploy it.
 */
export function TrainingDeploymentsCell({ projectId, training }: { projectId: string; training: Training }) {
  const { t, i18n } = useTranslation('deploy');
  const list = training.deployments;
  return (
    <Stack gap="1" minW="44" align="start">
      {list.length === 0 ? (
        <Text color="fg.muted">{NONE}</Text>
      ) : (
        list.slice(0, SHOWN).map((d) => (
          <Text key={`${d.id}:${d.target}`} fontSize="sm" whiteSpace="nowrap" data-testid="training-deployment">
            {d.target}{' '}
            <Text as="span" color="fg.muted" fontSize="xs">
              {formatDateTime(d.at, i18n.language)}
            </Text>
          </Text>
        ))
      )}
      {list.length > SHOWN && (
        <Text fontSize="xs" color="fg.muted">
          {t('trainingColumn.more', { count: list.length - SHOWN })}
        </Text>
      )}
      {training.status === 'completed' && training.modelId && (
        <Button asChild size="2xs" variant="outline" colorPalette="brand" data-testid="training-deploy">
          <Link href={newDeploymentHref(projectId, { modelId: training.modelId })}>{t('modelAction')}</Link>
        </Button>
      )}
    </Stack>
  );
}
