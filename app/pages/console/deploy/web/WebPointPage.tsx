import { PageContainer } from '../../../../components/PageContainer';

/** Replaced by its page. */
export default function WebPointPage() {
  return <PageContainer>{null}</PageContainer>;
}
