import { LegalPage } from './LegalPage';

/** /support/policy: the terms of use. */
export default function PolicyPage() {
  return <LegalPage name="policy" />;
}
