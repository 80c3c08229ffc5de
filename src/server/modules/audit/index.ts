// The audit module's public face.

export { auditRoutes } from './routes';
