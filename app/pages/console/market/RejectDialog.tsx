import { Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX, resourceReviewSchema, type Resource } from '../../../../contract/apiMarket';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';

/** Asks a reviewer for the reason the seller will read (required, at most 200 characters). */
export function RejectDialog({
  resource,
  busy,
  onReject,
  onClose,
}: {
  resource: Resource;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['market', 'validation']);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const check = resourceReviewSchema.safeParse({ decision: 'reject', reason });
  const error = check.success ? undefined : check.error.issues[0]?.message;
  return (
    <AppDialog
      open
      title={t('review.rejectTitle', { name: resource.name })}
      onClose={onClose}
      onConfirm={() => {
        setTouched(true);
        if (!error) onReject(reason.trim());
      }}
      confirmText={t('review.reject')}
      confirmDisabled={busy || (touched && !!error)}
      autoClose={false}
    >
      <Field.Root required invalid={touched && !!error}>
        <Field.Label>
          {t('review.reason')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          rows={3}
          value={reason}
          autoFocus
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setTouched(true);
          }}
          data-testid="review-reason"
        />
        {touched && error ? (
          <Field.ErrorText data-testid="review-reason-error">{t(error)}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            {t('review.reasonHint', { count: reason.length, max: REJECT_REASON_MAX })}
          </Field.HelperText>
        )}
      </Field.Root>
    </AppDialog>
  );
}
