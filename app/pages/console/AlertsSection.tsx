import { Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../api/ApiRequestError';
import { authApi } from '../../api/authApi';
import { EmptyState } from '../../components/EmptyState';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { SettingsSection } from './SettingsSection';
import { toaster } from './toaster';

const ALERTS_KEY = ['auth', 'alerts'] as const;

/** The signed-in user's alerts, newest first; an unread one can be marked read. */
export function AlertsSection() {
  const { t } = useTranslation(['console', 'errors']);
  const client = useQueryClient();
  const alerts = useQuery({ queryKey: ALERTS_KEY, queryFn: authApi.alerts });
  const markRead = useMutation({
    mutationFn: authApi.markAlertRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
    onError: () => toaster.create({ type: 'error', title: t('console:toast.saveFailed') }),
  });

  return (
    <SettingsSection id="alerts" title={t('console:settings.alerts.title')}>
      {alerts.isPending && <Spinner color="brand.600" />}
      {alerts.isError && (
        <Text color="fg.error" role="alert">
          {t(`errors:${errorCodeOf(alerts.error)}`)}
        </Text>
      )}
      {alerts.data?.length === 0 && <EmptyState message={t('console:settings.alerts.empty')} />}
      {alerts.data && alerts.data.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="alert-list">
          {alerts.data.map((alert) => (
            <HStack
              as="li"
              key={alert.id}
              justify="space-between"
              align="start"
              borderWidth="1px"
              rounded="md"
              p="4"
              gap="4"
            >
              <Stack gap="1">
                <HStack gap="2">
                  {!alert.read && <Badge colorPalette="brand">{t('console:settings.alerts.unread')}</Badge>}
                  <Text fontSize="sm" color="fg.muted">
                    {alert.sender.name} · {formatKoreanTime(alert.createdAt)}
                  </Text>
                </HStack>
                <Text>{alert.message}</Text>
              </Stack>
              {!alert.read && (
                <Button
                  size="xs"
                  variant="outline"
                  loading={markRead.isPending && markRead.variables === alert.id}
                  onClick={() => markRead.mutate(alert.id)}
                >
                  {t('console:settings.alerts.markRead')}
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
