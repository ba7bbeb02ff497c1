import { useRoute } from 'wouter';
import { paths } from '../../../../contract/routes';
import { ConsoleScope } from '../ConsoleScope';
import { AdminOrdersPage } from './AdminOrdersPage';
import { BillingPage } from './BillingPage';
import { CheckoutView } from './CheckoutView';
import { TestPaymentWindow } from './TestPaymentWindow';

function CheckoutRoutes() {
  const [isTest, test] = useRoute<{ orderId: string }>(paths.consoleTestPayment);
  const [isBilling] = useRoute(paths.consoleBilling);
  const [isAdmin] = useRoute(paths.consoleAdminOrders);
  if (isTest) return <TestPaymentWindow orderId={test.orderId} />;
  if (isBilling) return <BillingPage />;
  if (isAdmin) return <AdminOrdersPage />;
  return <CheckoutView />;
}

/** Checkout, the test provider's payment window, the plan page and the admins' orders: one chunk. */
export default function CheckoutPage() {
  return (
    <ConsoleScope>
      <CheckoutRoutes />
    </ConsoleScope>
  );
}
