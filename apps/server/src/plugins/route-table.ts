import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, URL pattern with its prefix, schema, config), in order. */
    routeTable: readonly RouteOptions[];
  }
}

/**
 * Records every route the app registers, so tests can walk the whole route table (authorization
 * matrix, fuzzing) and a route added anywhere is covered, or reported, without anyone listing it.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}
