import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { LegalDocumentView } from './LegalDocumentView';
import { parseLegalDocument } from './legalData';

/** A legal document page (terms of use or privacy policy) from the `legal` namespace. */
export function LegalPage({ name }: { name: 'policy' | 'privacy' }) {
  const { t } = useTranslation(['legal', 'common']);
  const doc = parseLegalDocument(t(name, { returnObjects: true }));
  const fallbackTitle = t(name === 'policy' ? 'common:nav.supportLinks.policy' : 'common:nav.supportLinks.privacy');
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={doc?.title ?? fallbackTitle} description={doc?.description} />
      {doc ? <LegalDocumentView doc={doc} testId={`legal-${name}`} /> : <EmptyState />}
    </PageContainer>
  );
}
