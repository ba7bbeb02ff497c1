import { Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { User } from '../../../contract/apiAuth';
import { authApi } from '../../api/authApi';
import { auth, updateAuthUser } from '../../state/auth';
import { Switch } from '../../theme/parts/switch';
import { SettingsSection } from './SettingsSection';
import { toaster } from './toaster';

type Prefs = User['notifications'];
const KINDS = ['notice', 'training', 'market'] as const;
const NONE: Prefs = { notice: false, training: false, market: false };

/** E-mail notification preferences: each switch is saved as soon as it changes. */
export function NotificationSection() {
  const { t } = useTranslation('console');
  const { user } = useSnapshot(auth);
  const prefs: Prefs = user?.notifications ?? NONE;
  const save = useMutation({
    mutationFn: (notifications: Prefs) => authApi.updateUser({ notifications }),
    onSuccess: (updated) => {
      updateAuthUser(updated);
      toaster.create({ type: 'success', title: t('toast.saved') });
    },
    onError: () => toaster.create({ type: 'error', title: t('toast.saveFailed') }),
  });
  const shown = save.isPending && save.variables ? save.variables : prefs;
  return (
    <SettingsSection
      id="notifications"
      title={t('settings.notifications.title')}
      description={t('settings.notifications.description')}
    >
      <Stack gap="4">
        {KINDS.map((kind) => (
          <Switch.Root
            key={kind}
            checked={shown[kind]}
            disabled={save.isPending}
            onCheckedChange={(e) => save.mutate({ ...prefs, [kind]: e.checked })}
            colorPalette="brand"
            data-testid={`notify-${kind}`}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t(`settings.notifications.${kind}`)}</Switch.Label>
          </Switch.Root>
        ))}
      </Stack>
    </SettingsSection>
  );
}
