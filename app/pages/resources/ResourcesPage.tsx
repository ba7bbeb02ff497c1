import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function ResourcesPage() {
  usePageTitle('ResourcesPage');
  return <Heading as="h1">ResourcesPage</Heading>;
}
