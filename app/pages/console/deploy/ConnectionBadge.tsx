import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../../contract/apiDeploy';

export const CONNECTION_PALETTE: Record<ConnectionState, string> = {
  connected: 'green',
  not_connected: 'red',
  unenrolled: 'gray',
  revoked: 'orange',
};

/** An edge point's connection: connected (green), not connected (red), never enrolled, revoked. */
export function ConnectionBadge({ connection }: { connection: ConnectionState | null }) {
  const { t } = useTranslation('deploy');
  const state = connection ?? 'unenrolled';
  return (
    <Badge colorPalette={CONNECTION_PALETTE[state]} data-testid="connection" data-state={state} whiteSpace="nowrap">
      {t(`connection.${state}`)}
    </Badge>
  );
}
