import { Button, chakra, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { V } from '../../../contract/validationMessages';
import { errorCodeOf } from '../../api/ApiRequestError';
import { formErrorOf, type FieldErrors } from '../../api/formErrors';
import { queryClient } from '../../api/queryClient';
import { logout } from '../../api/session';
import { getRefreshToken } from '../../api/tokenStorage';
import { useLocale } from '../../i18n/useLocale';
import { auth } from '../../state/auth';
import { Alert } from '../../theme/parts/alert';
import { Field } from '../../theme/parts/field';
import { PasswordInput } from '../auth/PasswordInput';
import { SettingsSection } from './SettingsSection';
import { toaster } from './toaster';
import { WithdrawBlockers, WithdrawDeletes } from './WithdrawPlanLists';
import { WithdrawReauth } from './WithdrawReauth';
import { withdrawApi, withdrawPlanKey } from './withdrawApi';
import { WITHDRAWN_FLAG } from './WithdrawnNotice';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * My settings, last: delete the account (contract/apiAccount.ts). States what is erased and what
 * stays, lists what would be deleted with it or what must be handed over first, asks for the
 * password (or a fresh sign-in with Google/Naver) and the e-mail address typed out; then signs
 * out here and goes to the home page, which says that the account was deleted.
 */
export function WithdrawSection() {
  const { t } = useTranslation(['withdraw', 'validation', 'errors']);
  const email = useSnapshot(auth).user?.email ?? '';
  const { homeHref } = useLocale();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [reauthAsked, setReauthAsked] = useState(false);
  const plan = useQuery({ queryKey: withdrawPlanKey, queryFn: withdrawApi.plan });
  const withPassword = plan.data?.confirmWith !== 'oauth';
  const blocked =
    !!plan.data && (plan.data.blockers.organizations.length > 0 || plan.data.blockers.projects.length > 0);

  const withdraw = useMutation({
    mutationFn: () =>
      withdrawApi.withdraw(withPassword ? { password } : { refreshToken: getRefreshToken() ?? undefined }),
    onSuccess: () => {
      try {
        sessionStorage.setItem(WITHDRAWN_FLAG, '1');
      } catch {
        // Storage disabled: the home page simply shows no notice.
      }
      // Leave the console first, so that its sign-in guard does not send the page to the login.
      navigate(homeHref, { replace: true });
      void logout();
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'reauth_required') setReauthAsked(true);
      if (code === 'last_owner') void queryClient.invalidateQueries({ queryKey: withdrawPlanKey });
      const result = formErrorOf(error);
      setFields(result.fields);
      if (result.form && code !== 'reauth_required' && code !== 'last_owner')
        toaster.create({ type: 'error', title: t('withdraw:failed'), description: t(result.form) });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (withPassword && !password) next.password = V.required;
    if (!sameEmail(typed, email)) next.confirm = typed ? 'withdraw:confirmMismatch' : V.required;
    setFields(next);
    if (Object.keys(next).length === 0) withdraw.mutate();
  };

  return (
    <SettingsSection id="withdraw" title={t('withdraw:title')} description={t('withdraw:description')}>
      <Stack gap="2" maxW="2xl" data-testid="withdraw-statement">
        <Text>{t('withdraw:erased')}</Text>
        <Text>{t('withdraw:kept')}</Text>
        <Text>{t('withdraw:record')}</Text>
        <Text>{t('withdraw:again')}</Text>
      </Stack>
      {plan.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title flex="1">{t('withdraw:planFailed')}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void plan.refetch()}>
            {t('withdraw:retry')}
          </Button>
        </Alert.Root>
      )}
      {plan.data && <WithdrawDeletes deletes={plan.data.deletes} />}
      {plan.data && blocked && <WithdrawBlockers blockers={plan.data.blockers} />}
      <chakra.form onSubmit={submit} noValidate data-testid="withdraw-form">
        <Stack gap="5" maxW="lg">
          {withPassword ? (
            <Field.Root invalid={!!fields.password} required>
              <Field.Label>{t('withdraw:password')}</Field.Label>
              <PasswordInput
                name="withdraw-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              {fields.password ? (
                <Field.ErrorText>{t(fields.password)}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('withdraw:passwordHelp')}</Field.HelperText>
              )}
            </Field.Root>
          ) : (
            <WithdrawReauth asked={reauthAsked} />
          )}
          <Field.Root invalid={!!fields.confirm} required>
            <Field.Label>{t('withdraw:confirmEmail', { email })}</Field.Label>
            <Input
              name="withdraw-confirm"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            {fields.confirm && <Field.ErrorText>{t(fields.confirm)}</Field.ErrorText>}
          </Field.Root>
          <Button
            type="submit"
            colorPalette="red"
            alignSelf="start"
            loading={withdraw.isPending}
            disabled={!plan.data || blocked}
            data-testid="withdraw-submit"
          >
            {t('withdraw:submit')}
          </Button>
        </Stack>
      </chakra.form>
    </SettingsSection>
  );
}
