/**
 * The address a visitor reads when the agency shows the exact address only after the brokerage order is signed
 * (the setting `exactAddressAfterSigning`, docs/viewings.md, decision 0066): the street without the house
 * number, its letter or the entrance ('הגפן 12 כניסה ב' → 'הגפן'). The SQL twin is `streetOf`
 * (modules/properties/reads.ts): the address cut at its first word that starts with a digit.
 */
export const streetOfAddress = (address: string): string =>
  address
    .trim()
    .replace(/^\d\S*(\s+|$)/u, '')
    .replace(/\s+\d.*$/su, '')
    .trim();

/** The address shown on a public surface: the street alone when the setting is on, else the address as it is. */
export const publicAddressOf = (address: string, streetOnly: boolean): string =>
  streetOnly ? streetOfAddress(address) : address;
