import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { InstanceState } from '../../../../../contract/apiDeploy';

const PALETTE: Record<InstanceState, string> = {
  preparing: 'blue',
  running: 'green',
  stopped: 'gray',
  failed: 'red',
};

/** A web point's instance state in its colour (preparing blue, running green, stopped grey, failed red). */
export function InstanceStateBadge({ state }: { state: InstanceState | null | undefined }) {
  const { t } = useTranslation('webPoints');
  if (!state) return null;
  return (
    <Badge colorPalette={PALETTE[state]} variant="subtle" data-testid="web-state" data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}
