import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function ResourceDetailPage() {
  usePageTitle('ResourceDetailPage');
  return <Heading as="h1">ResourceDetailPage</Heading>;
}
