import { useUser } from '@web/lib/users';

/** The about pages read users through the shared user queries (src/web/lib/users.ts). */
export { useTeam } from '@web/lib/users';
export const useAgent = (id: string) => useUser(id);
