// The network module's public face: the network dashboard's routes (decision 0045).

export { networkRoutes } from './routes';
