// The properties module's public face: its routes, the reads the server pages use, and what reports show.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyAdminRoutes } from './admin-routes';
import { propertyNetworkRoutes } from './network-routes';
import { propertyReadRoutes } from './routes';

export { findAgentPropertyByAddress, listAgentPropertyRefs } from './agent-properties';
export { propertyCaches, searchScopes } from './read-cache';
export {
  getPublicProperty,
  listBranchProperties,
  listCities,
  listSimilar,
  listStreets,
} from './reads';
export { searchProperties } from './search';
export { countEach } from './search-count';
export { imageFolder } from './service';
export { propertyWithCoverImage } from './with-cover-image';

/** Properties: public reads and admin mutations (the admin hook is scoped to its own plugin). */
export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(propertyReadRoutes);
  await app.register(propertyAdminRoutes);
  await app.register(propertyNetworkRoutes);
};
