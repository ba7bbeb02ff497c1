import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function NoticeListPage() {
  usePageTitle('NoticeListPage');
  return <Heading as="h1">NoticeListPage</Heading>;
}
