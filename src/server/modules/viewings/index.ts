// Viewings booked from the property page (docs/viewings.md, docs/decisions/0050-viewing-booking.md).

export { viewingFormPost } from './form-post';
export { viewingFeedback } from './outcome';
export { viewingRoutes } from './routes';
