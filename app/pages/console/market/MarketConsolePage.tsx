import { useRoute } from 'wouter';
import { paths } from '../../../../contract/routes';
import { ConsoleScope } from '../ConsoleScope';
import MarketTabsPage from './MarketTabsPage';
import NewResourcePage from './NewResourcePage';
import ResourcePage from './ResourcePage';
import ReviewQueuePage from './ReviewQueuePage';

function MarketView() {
  const [isNew] = useRoute(paths.consoleMarketNew);
  const [isItem] = useRoute(paths.consoleMarketItem);
  const [isReview] = useRoute(paths.consoleMarketReview);
  if (isNew) return <NewResourcePage />;
  if (isItem) return <ResourcePage />;
  if (isReview) return <ReviewQueuePage />;
  return <MarketTabsPage />;
}

/** My resources, posting, one resource and the review queue: one chunk for the console's market pages. */
export default function MarketConsolePage() {
  return (
    <ConsoleScope>
      <MarketView />
    </ConsoleScope>
  );
}
