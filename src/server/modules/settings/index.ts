// The settings module's public face: the agency's settings, their defaults and routes.

export { settingsAdminRoutes } from './admin-routes';
export { DEFAULT_SETTINGS } from './defaults';
export { settingsRoutes } from './routes';
export { getSettings, saveSettings, settingsInTransaction } from './service';
