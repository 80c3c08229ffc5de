// The goals module's public face.

export { goalRoutes } from './routes';
