import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DeploymentState } from '../../../../contract/apiDeploy';

export const DEPLOYMENT_PALETTE: Record<DeploymentState, string> = {
  pending: 'gray',
  downloading: 'blue',
  activating: 'blue',
  succeeded: 'green',
  failed: 'red',
  rolled_back: 'orange',
  superseded: 'gray',
};

/** A deployment's state on one point; while downloading, its progress as a percentage. */
export function DeploymentStateBadge({ state, progress }: { state: DeploymentState; progress?: number | null }) {
  const { t } = useTranslation('deploy');
  const percent =
    state === 'downloading' && progress != null ? Math.round(Math.min(1, Math.max(0, progress)) * 100) : null;
  return (
    <Badge
      colorPalette={DEPLOYMENT_PALETTE[state]}
      data-testid="deployment-state"
      data-state={state}
      whiteSpace="nowrap"
    >
      {t(`deploymentState.${state}`)}
      {percent != null ? ` ${percent}%` : ''}
    </Badge>
  );
}
