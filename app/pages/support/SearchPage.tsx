import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function SearchPage() {
  usePageTitle('SearchPage');
  return <Heading as="h1">SearchPage</Heading>;
}
