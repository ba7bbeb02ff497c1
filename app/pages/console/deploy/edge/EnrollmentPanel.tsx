import { Stack, Text } from '@chakra-ui/react';
import { Alert } from '../../../../theme/parts/alert';
import { useTranslation } from 'react-i18next';
import type { Enrollment } from '../../../../../contract/apiDeploy';
import { formatDateTime } from '../../training/trainingFormat';
import { CopyField } from '../CopyField';

/** A fresh enrolment: the one-time token, the commands that start the agent with it, its expiry. */
export function EnrollmentPanel({ enrollment }: { enrollment: Enrollment }) {
  const { t, i18n } = useTranslation('deploy');
  return (
    <Stack gap="4" data-testid="enrollment">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>
          {t('enrollment.once', { at: formatDateTime(enrollment.expiresAt, i18n.language) })}
        </Alert.Description>
      </Alert.Root>
      <CopyField label={t('enrollment.command')} value={enrollment.command} testId="enrollment-command" />
      <Text fontSize="sm" color="fg.muted">
        {t('enrollment.bundleHint')}
      </Text>
      <CopyField label={t('enrollment.bundleCommand')} value={enrollment.bundleCommand} testId="enrollment-bundle" />
      <CopyField label={t('enrollment.token')} value={enrollment.token} testId="enrollment-token" />
    </Stack>
  );
}
