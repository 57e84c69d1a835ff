import { formatMoney } from '@/lib/formatters';

/**
 * SPEC §9: buy buttons and purchase history show '$'; the video buy confirmation and the upload
 * slot offer show '₹'. Whole amounts without decimals, others with two; in the page's language
 * (formatMoney: '4,99 $US' in French).
 */
export function formatAmount(amount: number | null | undefined, symbol: '$' | '₹' = '$'): string {
  return formatMoney(amount, { currency: symbol === '₹' ? 'INR' : 'USD' });
}
