/**
 * SPEC §9: buy buttons and purchase history show '$'; the video buy confirmation and the upload
 * slot offer show '₹'. Whole amounts without decimals, others with two.
 */
export function formatAmount(amount: number | null | undefined, symbol: '$' | '₹' = '$'): string {
  const value = Number.isFinite(amount) ? (amount as number) : 0;
  return `${symbol}${Number.isInteger(value) ? value : value.toFixed(2)}`;
}
