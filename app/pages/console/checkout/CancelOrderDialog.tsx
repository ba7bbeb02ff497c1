import { Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../contract/apiPayments';
import { V } from '../../../../contract/validationMessages';
import { AppDialog } from '../../../components/Dialog';
import { useLocale } from '../../../i18n/useLocale';
import { Field } from '../../../theme/parts/field';
import { toaster } from '../toaster';
import { ApiErrorText } from './ApiErrorText';
import { checkoutApi } from './checkoutApi';
import { formatWon } from '../../../utils/formatWon';

const REASON_MAX = 200;

function reasonError(reason: string): string | null {
  if (!reason.trim()) return V.required;
  if (reason.trim().length > REASON_MAX) return V.max200;
  return null;
}

/**
 * Refund a paid order: the reason is required (the buyer sees it), and the dialog states what
 * the refund withdraws (the purchase, or the plan back to free) before it is confirmed.
 */
export function CancelOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation(['checkout', 'validation', 'errors']);
  const { locale } = useLocale();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const cancel = useMutation({
    mutationFn: (input: { orderId: string; reason: string }) => checkoutApi.cancel(input.orderId, input.reason),
    onSuccess: (canceled) => {
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
      toaster.create({ type: 'success', title: t('admin.canceled', { name: canceled.orderName }) });
      close();
    },
  });
  const error = tried ? reasonError(reason) : null;
  function close() {
    setReason('');
    setTried(false);
    cancel.reset();
    onClose();
  }
  const submit = () => {
    setTried(true);
    if (!order || reasonError(reason)) return;
    cancel.mutate({ orderId: order.orderId, reason: reason.trim() });
  };
  return (
    <AppDialog
      open={order !== null}
      title={t('admin.cancelTitle')}
      onClose={close}
      onConfirm={submit}
      autoClose={false}
      confirmText={t('admin.cancelConfirm')}
      confirmDisabled={cancel.isPending}
      mobileFull
    >
      {order && (
        <Stack gap="4" data-testid="cancel-order">
          <Text>
            {t(order.kind === 'resource' ? 'admin.cancelResource' : 'admin.cancelPlan', {
              name: order.orderName,
              amount: formatWon(order.amount, locale),
              buyer: order.buyer.name,
            })}
          </Text>
          <Field.Root invalid={!!error} required>
            <Field.Label>{t('admin.reason')}</Field.Label>
            <Textarea
              name="reason"
              rows={3}
              value={reason}
              maxLength={REASON_MAX + 50}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="cancel-reason"
            />
            {error ? (
              <Field.ErrorText data-testid="cancel-reason-error">{t(error)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('admin.reasonHint')}</Field.HelperText>
            )}
          </Field.Root>
          {cancel.isError && <ApiErrorText error={cancel.error} testId="cancel-error" />}
        </Stack>
      )}
    </AppDialog>
  );
}
