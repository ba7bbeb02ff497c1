import { Box, Stack, Text, VisuallyHidden, type BoxProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULE_NAMES, passwordRuleResults } from './authRules';

/**
 * The password rules, each ticked as the typed password meets it. Extra props (a field's helper
 * text id, via `asChild`) go on the outer box.
 */
export function PasswordRules({ password, ...box }: { password: string } & BoxProps) {
  const { t } = useTranslation('auth');
  const results = passwordRuleResults(password);
  return (
    <Box bg="bg.subtle" rounded="md" px="4" py="3" w="full" data-testid="password-rules" {...box} color="fg">
      <Text fontSize="sm" fontWeight="600" mb="2">
        {t('reset.change.rulesTitle')}
      </Text>
      <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
        {PASSWORD_RULE_NAMES.map((rule) => {
          const met = password !== '' && results[rule];
          return (
            <Box as="li" key={rule} display="flex" gap="2" alignItems="baseline" color={met ? 'green.700' : 'fg.muted'}>
              <Box as="span" aria-hidden="true" w="3">
                {met ? '✓' : '•'}
              </Box>
              <span>{t(`reset.change.rules.${rule}`)}</span>
              {password !== '' && (
                <VisuallyHidden>({met ? t('reset.change.met') : t('reset.change.unmet')})</VisuallyHidden>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
