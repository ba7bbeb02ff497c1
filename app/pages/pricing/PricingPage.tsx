import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function PricingPage() {
  usePageTitle('PricingPage');
  return <Heading as="h1">PricingPage</Heading>;
}
