import { PageContainer } from '../../../../components/PageContainer';

/** Replaced by its page. */
export default function EdgeListPage() {
  return <PageContainer>{null}</PageContainer>;
}
