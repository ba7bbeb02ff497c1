import { PageContainer } from '../../../../components/PageContainer';

/** Replaced by its page. */
export default function NewDeploymentPage() {
  return <PageContainer>{null}</PageContainer>;
}
