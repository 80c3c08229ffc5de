import { sha256 } from './order-document';

/** Only this hash of a signing link's token is stored (decision 0040). */
export const hashLinkToken = (token: string) => sha256(token);
