import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../theme/parts/alert';
import { ChoiceCard, StepMessage } from './ChoiceCard';
import type { StepProps } from './stepProps';
import { baseModelOf, networksOf } from './wizardForm';

/** Step 4: the head trained on the backbone's features, per project subtype; none yet for segmentation. */
export function NetworkStep({ form, update, errors, project, ctx }: StepProps) {
  const { t } = useTranslation(['training', 'projects', 'validation']);
  const networks = networksOf(project.subtype);
  const base = baseModelOf(form, ctx.models);
  if (networks.length === 0)
    return (
      <Alert.Root status="info" data-testid="network-unavailable">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('projects:project.notAvailable')}</Alert.Title>
          <Alert.Description>
            {t('network.none', { subtype: t(`projects:subtypes.${project.subtype}`) })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('network.description')}</Text>
      {base && (
        <Text fontSize="sm" data-testid="network-bound">
          {t('network.fromModel')}
        </Text>
      )}
      {networks.map((network) => (
        <ChoiceCard
          key={network}
          name="network"
          value={network}
          checked={form.network === network}
          disabled={base !== null && base.network !== network}
          title={t(`networks.${network}`)}
          description={t(`networkInfo.${network}`)}
          onChoose={() => update({ network })}
          testId={`network-${network}`}
        >
          <Text color="fg.muted" fontSize="xs">
            {t(`networkSpeed.${network}`)}
          </Text>
        </ChoiceCard>
      ))}
      {errors.network && <StepMessage message={t(errors.network)} />}
    </Stack>
  );
}
