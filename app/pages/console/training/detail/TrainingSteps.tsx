import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Training } from '../../../../../contract/apiTraining';
import { stepStates, type StepState } from './trainingSteps';

const LOOK: Record<StepState, { bg: string; fg: string; mark: string }> = {
  done: { bg: 'green.solid', fg: 'green.contrast', mark: '✓' },
  current: { bg: 'brand.solid', fg: 'brand.contrast', mark: '' },
  pending: { bg: 'bg.muted', fg: 'fg.muted', mark: '' },
  failed: { bg: 'red.solid', fg: 'red.contrast', mark: '✕' },
  stopped: { bg: 'orange.solid', fg: 'orange.contrast', mark: '■' },
};

/**
 * The six steps of a training (spec section 4) in a row: done ones ticked, the current one
 * numbered and marked for assistive technology, the one where a training failed or was stopped
 * in red or orange with the reason beside it.
 */
export function TrainingSteps({ training }: { training: Pick<Training, 'status' | 'step'> }) {
  const { t } = useTranslation('trainingResults');
  const steps = stepStates(training);
  return (
    <Flex
      as="ol"
      gap="2"
      wrap="wrap"
      listStyleType="none"
      aria-label={t('steps.label')}
      data-testid="training-steps"
      data-status={training.status}
    >
      {steps.map(({ step, state }, i) => {
        const look = LOOK[state];
        return (
          <Flex
            as="li"
            key={step}
            align="center"
            gap="2"
            flex="1"
            minW="36"
            data-testid="training-step"
            data-step={step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <Flex
              flexShrink={0}
              w="7"
              h="7"
              borderRadius="full"
              align="center"
              justify="center"
              bg={look.bg}
              color={look.fg}
              fontSize="sm"
              fontWeight="700"
              animation={state === 'current' ? 'pulse 1.6s ease-in-out infinite' : undefined}
            >
              {look.mark || i + 1}
            </Flex>
            <Box minW="0">
              <Text fontSize="sm" fontWeight={state === 'current' ? '700' : '500'} lineHeight="short">
                {t(`steps.${step}`)}
              </Text>
              {state !== 'pending' && state !== 'done' && (
                <Text fontSize="xs" color={state === 'current' ? 'fg.muted' : look.bg}>
                  {t(`steps.state.${state}`)}
                </Text>
              )}
            </Box>
          </Flex>
        );
      })}
    </Flex>
  );
}
