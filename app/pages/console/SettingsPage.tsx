import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { AccountSection } from './AccountSection';
import { AlertsSection } from './AlertsSection';
import { ConsoleScope } from './ConsoleScope';
import { NotificationSection } from './NotificationSection';
import { SecuritySection } from './SecuritySection';
import { WithdrawSection } from './WithdrawSection';

function Settings() {
  const { t } = useTranslation('console');
  return (
    <PageContainer maxW="4xl">
      <PageTitle title={t('settings.title')} description={t('settings.description')} />
      <AccountSection />
      <NotificationSection />
      <SecuritySection />
      <AlertsSection />
      <WithdrawSection />
    </PageContainer>
  );
}

/** /console/settings: My settings (spec section 2): account, e-mail notifications, security, alerts, withdrawal. */
export default function SettingsPage() {
  return (
    <ConsoleScope>
      <Settings />
    </ConsoleScope>
  );
}
