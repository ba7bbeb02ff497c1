import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DeploymentTarget } from '../../../../contract/apiDeploy';

/** Why a deployment failed on a point (translated) and the agent's own sentence beside it. */
export function DeploymentErrorText({ target }: { target: Pick<DeploymentTarget, 'error' | 'detail'> }) {
  const { t } = useTranslation('deploy');
  if (!target.error && !target.detail) return null;
  return (
    <Text
      fontSize="xs"
      color="fg.error"
      maxW="sm"
      whiteSpace="normal"
      data-testid="deployment-error"
      data-code={target.error ?? ''}
    >
      {target.error ? t(`deploymentError.${target.error}`) : null}
      {target.error && target.detail ? ' ' : null}
      {target.detail ? (
        <Text as="span" color="fg.muted">
          ({target.detail})
        </Text>
      ) : null}
    </Text>
  );
}
