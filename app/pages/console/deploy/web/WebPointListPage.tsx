import { PageContainer } from '../../../../components/PageContainer';

/** Replaced by its page. */
export default function WebPointListPage() {
  return <PageContainer>{null}</PageContainer>;
}
