import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function SolutionDetailPage() {
  usePageTitle('SolutionDetailPage');
  return <Heading as="h1">SolutionDetailPage</Heading>;
}
