import { Box, chakra, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS } from './wizardForm';

/**
 * Where the user is: every step with its number, done ones ticked and reachable (a click goes
 * back to it), the current one marked `aria-current="step"`. On a phone the list scrolls sideways.
 */
export function WizardStepper({ current, onGo }: { current: number; onGo: (index: number) => void }) {
  const { t } = useTranslation('training');
  const listRef = useRef<HTMLOListElement>(null);
  // Where the steps do not fit (a phone, a narrow window), the current one scrolls into sight.
  useEffect(() => {
    const here = listRef.current?.querySelector<HTMLElement>('[aria-current="step"]');
    here?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <Box as="nav" aria-label={t('wizard.stepsLabel')} overflowX="auto" pb="1">
      <chakra.ol
        ref={listRef}
        display="flex"
        gap="1"
        listStyleType="none"
        m="0"
        p="0"
        minW="max-content"
        data-testid="wizard-steps"
      >
        {WIZARD_STEPS.map((step, index) => {
          const done = index < current;
          const here = index === current;
          const body = (
            <>
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                w="6"
                h="6"
                rounded="full"
                fontSize="xs"
                fontWeight="700"
                bg={here ? 'brand.700' : done ? 'brand.100' : 'bg.muted'}
                color={here ? 'white' : done ? 'brand.800' : 'fg.muted'}
                aria-hidden="true"
              >
                {done ? '✓' : index + 1}
              </Box>
              <Text as="span" fontSize="sm" fontWeight={here ? '700' : '500'} color={here ? 'fg' : 'fg.muted'}>
                {t(`wizard.steps.${step}`)}
              </Text>
            </>
          );
          return (
            <chakra.li
              key={step}
              aria-current={here ? 'step' : undefined}
              data-testid={`wizard-step-${step}`}
              data-state={here ? 'current' : done ? 'done' : 'todo'}
            >
              {done ? (
                <chakra.button
                  type="button"
                  display="flex"
                  alignItems="center"
                  gap="2"
                  px="2"
                  py="1"
                  rounded="md"
                  cursor="pointer"
                  _hover={{ bg: 'bg.muted' }}
                  onClick={() => onGo(index)}
                >
                  {body}
                </chakra.button>
              ) : (
                <Box display="flex" alignItems="center" gap="2" px="2" py="1">
                  {body}
                </Box>
              )}
            </chakra.li>
          );
        })}
      </chakra.ol>
    </Box>
  );
}
