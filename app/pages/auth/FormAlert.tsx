import type { ReactNode } from 'react';
import { Alert } from '../../theme/parts/alert';

/** A message about the whole form (a server error, or a success note), read out when it appears. */
export function FormAlert({
  status = 'error',
  children,
  testId,
}: {
  status?: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} data-testid={testId ?? `form-${status}`}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
