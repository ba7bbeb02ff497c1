import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function UserPage() {
  usePageTitle('UserPage');
  return <Heading as="h1">UserPage</Heading>;
}
