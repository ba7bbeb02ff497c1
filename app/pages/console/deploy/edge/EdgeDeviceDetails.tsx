import { Box, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../../../../contract/apiDeploy';
import { formatBytes } from '../../../../utils/formatBytes';
import { formatRelativeTime } from '../../../../utils/formatRelativeTime';
import { formatDateTime } from '../../training/trainingFormat';
import { modelName, shortVersion, useNow } from '../deployFormat';

/** Clock skew beyond this many ms is flagged: certificates and expiries start to misbehave. */
const SKEW_WARN_MS = 30_000;
/** Less free disk than this is flagged: a model and its previous version may not fit. */
const DISK_WARN_BYTES = 500 * 1024 * 1024;

/** Seconds with one decimal, never '-0.0' for a skew that rounds to nothing. */
export function formatSkew(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return (s === 0 ? 0 : s).toFixed(1);
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" wordBreak="break-all" data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}

function Check({ ok, label, value, testId }: { ok: boolean; label: string; value: string; testId: string }) {
  const { t } = useTranslation('deploy');
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid={testId} data-ok={ok}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="600" color={ok ? 'green.fg' : 'orange.fg'}>
        {value}
      </Text>
      <Text fontSize="xs" color={ok ? 'fg.muted' : 'orange.fg'}>
        {ok ? t('checks.ok') : t('checks.attention')}
      </Text>
    </Box>
  );
}

/** The edge device as it reported itself (spec 3: edge ID, model ID, connection) and its self-checks. */
export function EdgeDeviceDetails({ point }: { point: Point }) {
  const { t, i18n } = useTranslation(['deploy', 'ui']);
  const now = useNow();
  const device = point.device;
  const checks = device?.checks ?? null;
  return (
    <Stack gap="6">
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4" data-testid="edge-facts">
        <Fact label={t('facts.edgeId')} testId="fact-edge-id">
          {device?.deviceId ?? t('facts.notEnrolled')}
        </Fact>
        <Fact label={t('facts.status')} testId="fact-status">
          {device ? t(`deviceStatus.${device.status}`) : '—'}
        </Fact>
        <Fact label={t('facts.model')} testId="fact-model">
          {modelName(point.model)}
        </Fact>
        <Fact label={t('facts.modelId')} testId="fact-model-id">
          {point.model?.id ?? '—'}
        </Fact>
        <Fact label={t('facts.version')}>
          <Box as="span" fontFamily="mono" title={point.version ?? undefined}>
            {shortVersion(point.version)}
          </Box>
        </Fact>
        <Fact label={t('facts.lastSeen')} testId="fact-last-seen">
          {device?.lastSeenAt ? formatRelativeTime(device.lastSeenAt, t, now) : '—'}
        </Fact>
        <Fact label={t('facts.agentVersion')}>{device?.agentVersion ?? '—'}</Fact>
        <Fact label={t('facts.node')}>{device?.node ?? '—'}</Fact>
        <Fact label={t('facts.platform')}>{device ? `${device.platform} / ${device.arch}` : '—'}</Fact>
        <Fact label={t('facts.backends')}>{device?.backends.join(', ') || '—'}</Fact>
        <Fact label={t('facts.hostname')}>{device?.hostname ?? '—'}</Fact>
        <Fact label={t('facts.localUrl')} testId="fact-local-url">
          {device?.localUrl ?? '—'}
        </Fact>
        <Fact label={t('facts.enrolledAt')}>{formatDateTime(device?.enrolledAt ?? null, i18n.language)}</Fact>
      </Grid>
      <Box>
        <Heading as="h3" size="sm" mb="3">
          {t('checks.title')}
        </Heading>
        {!checks ? (
          <Text fontSize="sm" color="fg.muted" data-testid="checks-none">
            {t('checks.none')}
          </Text>
        ) : (
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
            <Check
              testId="check-skew"
              label={t('checks.clockSkew')}
              ok={checks.clockSkewMs == null || Math.abs(checks.clockSkewMs) <= SKEW_WARN_MS}
              value={checks.clockSkewMs == null ? '—' : t('checks.skewValue', { s: formatSkew(checks.clockSkewMs) })}
            />
            <Check
              testId="check-disk"
              label={t('checks.freeDisk')}
              ok={checks.freeDiskBytes == null || checks.freeDiskBytes >= DISK_WARN_BYTES}
              value={checks.freeDiskBytes == null ? '—' : formatBytes(checks.freeDiskBytes, 1)}
            />
            <Check
              testId="check-server"
              label={t('checks.server')}
              ok={checks.failedCalls === 0}
              value={
                checks.failedCalls === 0
                  ? t('checks.reachable')
                  : t('checks.failedCalls', { count: checks.failedCalls })
              }
            />
            <Check
              testId="check-error"
              label={t('checks.lastError')}
              ok={!checks.lastError}
              value={checks.lastError ?? t('checks.noError')}
            />
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
