// Viewings booked from the property page (docs/viewings.md, docs/decisions/0050-viewing-booking.md).

export { startViewingEscalation } from './escalation';
export { viewingFormPost } from './form-post';
export { viewingLinkPages } from './link-page';
export { viewingMoveRoutes } from './move-routes';
export { viewingFeedback } from './outcome';
export { viewingRoutes } from './routes';
