/** A won amount in the page's locale, e.g. ₩108,900: the pricing page, checkout and the market read alike. */
export function formatWon(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR', {
    style: 'currency',
    currency: 'KRW',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A market price: `freeText` for 0 (a free resource), won otherwise. */
export function formatPrice(amount: number, locale: string, freeText: string): string {
  return amount <= 0 ? freeText : formatWon(amount, locale);
}
