import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function PolicyPage() {
  usePageTitle('PolicyPage');
  return <Heading as="h1">PolicyPage</Heading>;
}
