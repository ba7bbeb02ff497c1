import { Box, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../../../../contract/apiDeploy';
import { formatDateTime } from '../../training/trainingFormat';
import { modelName, shortVersion } from '../deployFormat';
import { InstanceStateBadge } from './InstanceStateBadge';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box fontSize="sm" wordBreak="break-all" data-testid={testId}>
        {children}
      </Box>
    </>
  );
}

/** Every field the spec lists for a web point, as the server reports it. */
export function WebPointDetails({ point }: { point: Point }) {
  const { t, i18n } = useTranslation('webPoints');
  const instance = point.instance;
  return (
    <Grid templateColumns={{ base: '1fr', sm: '12rem 1fr' }} columnGap="4" rowGap="2" data-testid="web-details">
      <Row label={t('fields.id')}>
        <Text as="span" fontFamily="mono">
          {point.id}
        </Text>
      </Row>
      <Row label={t('fields.name')}>{point.name}</Row>
      <Row label={t('fields.type')}>{t('fields.typeWeb')}</Row>
      <Row label={t('fields.endpoint')} testId="web-endpoint">
        <Text as="span" fontFamily="mono">
          {point.endpoint ?? '—'}
        </Text>
      </Row>
      <Row label={t('fields.model')}>
        {modelName(point.model)}
        {point.version && (
          <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" ms="2" title={point.version}>
            {shortVersion(point.version)}
          </Text>
        )}
      </Row>
      {instance && (
        <>
          <Row label={t('fields.serverType')}>{t(`serverType.${instance.serverType}`)}</Row>
          <Row label={t('fields.cloudType')}>{t(`cloudType.${instance.cloudType}`)}</Row>
          <Row label={t('fields.cloudRegion')}>{instance.cloudRegion}</Row>
          <Row label={t('fields.instanceType')}>{instance.instanceType}</Row>
          <Row label={t('fields.instanceId')}>
            <Text as="span" fontFamily="mono">
              {instance.instanceId}
            </Text>
          </Row>
          <Row label={t('fields.instanceState')}>
            <InstanceStateBadge state={instance.instanceState} />
            {instance.error && (
              <Text color="fg.error" fontSize="sm" mt="1" data-testid="web-instance-error">
                {instance.error}
              </Text>
            )}
          </Row>
          <Row label={t('fields.instanceAddress')}>
            <Text as="span" fontFamily="mono">
              {instance.instanceAddress}
            </Text>
          </Row>
          {instance.preparedAt && (
            <Row label={t('fields.preparedAt')}>{formatDateTime(instance.preparedAt, i18n.language)}</Row>
          )}
        </>
      )}
      <Row label={t('fields.createdAt')}>
        {formatDateTime(point.createdAt, i18n.language)}
        {point.createdBy && ` · ${point.createdBy.name}`}
      </Row>
    </Grid>
  );
}
