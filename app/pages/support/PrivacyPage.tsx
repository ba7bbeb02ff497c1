import { LegalPage } from './LegalPage';

/** /support/privacy: the privacy policy. */
export default function PrivacyPage() {
  return <LegalPage name="privacy" />;
}
