import { NotFoundPage } from '../../../errors/ErrorPage';

/** Checkout, the test provider's payment window, the plan page and the admins' orders: one chunk. */
export default function CheckoutPage() {
  return <NotFoundPage />;
}
