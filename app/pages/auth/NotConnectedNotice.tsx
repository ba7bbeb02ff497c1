import { Alert } from '../../theme/parts/alert';

/** Said after a valid submit while the account service is not connected: nothing was sent. */
export function NotConnectedNotice({ children }: { children: string }) {
  return (
    <Alert.Root status="info" data-testid="not-connected">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
