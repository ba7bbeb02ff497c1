import { PageContainer } from '../../../../components/PageContainer';

/** Replaced by its page. */
export default function EdgePointPage() {
  return <PageContainer>{null}</PageContainer>;
}
