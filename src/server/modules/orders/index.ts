// The brokerage orders' public face: the staff routes and the public signing page. The PDF step
// (modules/orders/pdf) is part of this module and reads order-document.ts, mail.ts and signing.ts directly.

export { propertyOwnerFor } from './access';
export { startExclusivityJob } from './exclusivity/job';
export { exclusivityRoutes } from './exclusivity/routes';
export { signedExclusivityOfProperty } from './exclusivity/service';
export { orderPdfRoutes } from './pdf/routes';
export { orderVerifyPages } from './pdf/verify-page';
export { orderRoutes } from './routes';
export { signingPages } from './sign-page';
export { whenOrderSigned } from './signing';
export { prepareViewingOrder } from './viewing-order';
