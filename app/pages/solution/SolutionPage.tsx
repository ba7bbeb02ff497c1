import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function SolutionPage() {
  usePageTitle('SolutionPage');
  return <Heading as="h1">SolutionPage</Heading>;
}
