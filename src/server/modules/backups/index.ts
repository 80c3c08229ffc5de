// The backups module's public face.

export { backupRoutes } from './routes';
