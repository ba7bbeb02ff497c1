import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ping, Point } from '../../../../../contract/apiDeploy';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { formatDateTime } from '../../training/trainingFormat';
import { deployApi } from '../deployApi';

const PING_POLL_MS = 1000;

function PingResult({ ping }: { ping: Ping }) {
  const { t, i18n } = useTranslation('deploy');
  if (ping.state === 'answered')
    return (
      <Text color="green.fg" fontWeight="600" data-testid="ping-result" data-state="answered">
        {t('ping.answered', { ms: Math.round(ping.rttMs ?? 0), at: formatDateTime(ping.answeredAt, i18n.language) })}
      </Text>
    );
  if (ping.state === 'expired')
    return (
      <Text color="fg.error" data-testid="ping-result" data-state="expired">
        {t('ping.expired')}
      </Text>
    );
  return (
    <Text color="fg.muted" data-testid="ping-result" data-state="waiting" role="status">
      {ping.deliveredAt ? t('ping.delivered') : t('ping.waiting')}
    </Text>
  );
}

/**
 * The connectivity test: the server queues a ping that the agent answers on its next call (within
 * a heartbeat), so the page asks for its state every second until it is answered or expired.
 */
export function ConnectivityTest({ point, allowed }: { point: Point; allowed: boolean }) {
  const { t } = useTranslation(['deploy', 'errors']);
  const [pingId, setPingId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => deployApi.ping(point.projectId, point.id),
    onSuccess: (ping) => setPingId(ping.id),
  });
  const state = useQuery({
    queryKey: ['project', point.projectId, 'points', point.id, 'ping', pingId],
    queryFn: () => deployApi.pingState(point.projectId, point.id, pingId!),
    enabled: pingId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'waiting' ? false : PING_POLL_MS),
  });
  const current = pingId ? (state.data ?? start.data ?? null) : null;
  const waiting = start.isPending || current?.state === 'waiting';
  const shown = current ?? point.lastPing;
  return (
    <Stack gap="3" data-testid="connectivity">
      <Text fontSize="sm" color="fg.muted">
        {t('ping.explain', { seconds: point.heartbeatSeconds })}
      </Text>
      <HStack gap="4" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() => start.mutate()}
          loading={waiting}
          disabled={!allowed || point.connection === 'revoked' || point.connection === 'unenrolled'}
          data-testid="ping-start"
        >
          {t('ping.start')}
        </Button>
        {shown && <PingResult ping={shown} />}
      </HStack>
      {!current && point.lastPing && (
        <Text fontSize="xs" color="fg.muted">
          {t('ping.lastOne')}
        </Text>
      )}
      {(start.isError || state.isError) && (
        <Text color="fg.error" fontSize="sm" data-testid="ping-error">
          {t(`errors:${errorCodeOf(start.error ?? state.error)}`)}
        </Text>
      )}
    </Stack>
  );
}
