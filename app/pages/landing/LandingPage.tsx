import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function LandingPage() {
  usePageTitle('LandingPage');
  return <Heading as="h1">LandingPage</Heading>;
}
