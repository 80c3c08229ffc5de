// The report-contacts module's public face.

export { reportContactRoutes } from './routes';
export { limitSharedReport, SHARED_REPORT_PER_IP } from './share-routes';
