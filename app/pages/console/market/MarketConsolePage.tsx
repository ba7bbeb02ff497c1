import { useRoute } from 'wouter';
import { paths } from '../../../../contract/routes';
import { NotFoundPage } from '../../../errors/ErrorPage';

/** My resources, posting, one resource and the review queue: one chunk for the console's market pages. */
export default function MarketConsolePage() {
  const [isNew] = useRoute(paths.consoleMarketNew);
  return isNew ? null : <NotFoundPage />;
}
