import type { FastifyRequest } from 'fastify';
import type { AccessService, StaffLevel } from '../access/access.service.ts';

/**
 * Route option of staff calls: `{ ...staffOnly(access, 'admin'), schema: … }`. Asks the access
 * module's staff rule as the request arrives (after the session is resolved), so a caller below
 * `level` gets 401/403 before their input is read or validated, as `signedIn` does for
 * anonymous callers. The services ask the same rule again.
 */
export function staffOnly(access: Pick<AccessService, 'assertStaff'>, level: StaffLevel) {
  return {
    onRequest: async (request: FastifyRequest) => {
      access.assertStaff(request.viewer, level);
    },
  };
}
