import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  POINT_KEY_RATE_DEFAULT,
  POINT_KEY_RATE_MAX,
  POINT_NAME_MAX,
  type PointKey,
} from '../../../../../contract/apiDeploy';
import { V } from '../../../../../contract/validationMessages';
import { errorCodeOf } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { ScrollingTable } from '../../../../components/ScrollingTable';
import { Field } from '../../../../theme/parts/field';
import { Table } from '../../../../theme/parts/table';
import { formatRelativeTime } from '../../../../utils/formatRelativeTime';
import { toaster } from '../../toaster';
import { CopyField } from '../CopyField';
import { deployApi, deployKeys } from '../deployApi';
import { useNow } from '../deployFormat';

function checkKey(name: string, rate: string): { name?: string; rate?: string } {
  const errors: { name?: string; rate?: string } = {};
  if (!name.trim()) errors.name = V.required;
  else if (name.trim().length > POINT_NAME_MAX) errors.name = V.max40;
  const n = Number(rate);
  if (!/^\d+$/.test(rate.trim()) || n < 1 || n > POINT_KEY_RATE_MAX) errors.rate = 'webPoints:keys.rateInvalid';
  return errors;
}

/**
 * A web point's API keys: create (the secret shown once, handed up for the snippets and the test
 * panel), list and revoke.
 */
export function PointKeys({
  projectId,
  pointId,
  allowed,
  onCreated,
}: {
  projectId: string;
  pointId: string;
  allowed: boolean;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation(['webPoints', 'errors', 'validation', 'ui']);
  const client = useQueryClient();
  const now = useNow();
  const keys = useQuery({
    queryKey: deployKeys.keys(projectId, pointId),
    queryFn: () => deployApi.keys(projectId, pointId),
    enabled: allowed,
  });
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [rate, setRate] = useState(String(POINT_KEY_RATE_DEFAULT));
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<PointKey | null>(null);
  const errors = checkKey(name, rate);
  const create = useMutation({
    mutationFn: () => deployApi.createKey(projectId, pointId, { name: name.trim(), ratePerMinute: Number(rate) }),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      onCreated(answer.secret);
      void client.invalidateQueries({ queryKey: deployKeys.keys(projectId, pointId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: PointKey) => deployApi.revokeKey(projectId, pointId, key.id),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('keys.revoked') });
      setRevoking(null);
      void client.invalidateQueries({ queryKey: deployKeys.keys(projectId, pointId) });
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: t('keys.revokeFailed'), description: t(`errors:${errorCodeOf(error)}`) }),
  });
  const openCreate = () => {
    setName('');
    setRate(String(POINT_KEY_RATE_DEFAULT));
    setTouched(false);
    setSecret(null);
    create.reset();
    setOpen(true);
  };
  if (!allowed)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('keys.notAllowed')}
      </Text>
    );
  const active = (keys.data?.items ?? []).filter((k) => !k.revokedAt);
  const show = (field: 'name' | 'rate') => (touched ? errors[field] : undefined);
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {t('keys.hint')}
        </Text>
        <Button size="sm" colorPalette="brand" onClick={openCreate} data-testid="web-key-new">
          {t('keys.new')}
        </Button>
      </HStack>
      {keys.isError ? (
        <Text color="fg.error" fontSize="sm">
          {t(`errors:${errorCodeOf(keys.error)}`)}
        </Text>
      ) : active.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="web-keys-empty">
          {keys.isPending ? '…' : t('keys.empty')}
        </Text>
      ) : (
        <ScrollingTable
          label={t('keys.title')}
          headers={[t('keys.name'), t('keys.prefix'), t('keys.rate'), t('keys.created'), t('keys.lastUsed'), '']}
          minW="640px"
          data-testid="web-keys"
        >
          {active.map((key) => (
            <Table.Row key={key.id} data-testid="web-key-row">
              <Table.Cell fontWeight="600">{key.name}</Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {key.prefix}…
              </Table.Cell>
              <Table.Cell>{t('keys.perMinute', { count: key.ratePerMinute })}</Table.Cell>
              <Table.Cell title={key.createdAt}>{formatRelativeTime(key.createdAt, t, now)}</Table.Cell>
              <Table.Cell title={key.lastUsedAt ?? undefined}>
                {key.lastUsedAt ? formatRelativeTime(key.lastUsedAt, t, now) : t('keys.never')}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setRevoking(key)}
                  data-testid="web-key-revoke"
                >
                  {t('keys.revoke')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </ScrollingTable>
      )}
      <AppDialog
        open={open}
        title={secret ? t('keys.createdTitle') : t('keys.new')}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          if (secret) return setOpen(false);
          setTouched(true);
          if (!errors.name && !errors.rate) create.mutate();
        }}
        confirmText={secret ? t('keys.done') : t('keys.create')}
        cancelText={secret ? null : undefined}
        confirmDisabled={create.isPending}
        autoClose={false}
        enterConfirm={!secret}
      >
        {secret ? (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.warning" fontWeight="600" data-testid="web-key-warning">
              {t('keys.shownOnce')}
            </Text>
            <CopyField label={t('keys.secret')} value={secret} testId="web-key-secret" />
          </Stack>
        ) : (
          <Stack gap="4" data-testid="web-key-create">
            <Field.Root required invalid={!!show('name')}>
              <Field.Label>
                {t('keys.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                autoFocus
                data-testid="web-key-name"
              />
              {show('name') && <Field.ErrorText>{t(show('name')!)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={!!show('rate')}>
              <Field.Label>
                {t('keys.rate')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                inputMode="numeric"
                value={rate}
                onChange={(e) => setRate(e.currentTarget.value)}
                data-testid="web-key-rate"
              />
              {show('rate') ? (
                <Field.ErrorText>{t(show('rate')!, { max: POINT_KEY_RATE_MAX })}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('keys.rateHint', { max: POINT_KEY_RATE_MAX })}</Field.HelperText>
              )}
            </Field.Root>
            {create.isError && (
              <Text color="fg.error" fontSize="sm" data-testid="web-key-error">
                {t(`errors:${errorCodeOf(create.error)}`)}
              </Text>
            )}
          </Stack>
        )}
      </AppDialog>
      <AppDialog
        open={revoking !== null}
        title={t('keys.revokeTitle')}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        confirmText={t('keys.revoke')}
        confirmDisabled={revoke.isPending}
        autoClose={false}
      >
        <Text data-testid="web-key-revoke-confirm">{t('keys.revokeConfirm', { name: revoking?.name ?? '' })}</Text>
      </AppDialog>
    </Stack>
  );
}
